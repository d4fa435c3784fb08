package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Set;

/**
 * Builds x402 payments for a quote with the official x402 client packages ({@code @x402/core},
 * {@code @x402/evm}'s exact scheme), by running {@code devnet/tools/x402-pay.mjs}: {@code
 * {privateKey, paymentRequired, network}} in, {@code {header, payload, payer}} out.
 */
public final class X402Payer {

  private final NodeTool tool;

  public X402Payer(Path devnetDirectory) {
    this.tool = new NodeTool(devnetDirectory, "tools/x402-pay.mjs", "the x402 client");
  }

  public JsonNode pay(JsonNode request) {
    return tool.run(request, Set.of(0));
  }
}
