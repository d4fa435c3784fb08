package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Set;

/**
 * Signs a payer's message as its wallet would, with ethers (EVM, EIP-191 personal_sign) or
 * {@code @solana/kit} (Solana, ed25519), by running {@code devnet/tools/payer-sign.mjs}: {@code
 * {family, privateKey, message?}} in, {@code {address, signature?}} out.
 */
public final class PayerSigner {

  private final NodeTool tool;

  public PayerSigner(Path devnetDirectory) {
    this.tool = new NodeTool(devnetDirectory, "tools/payer-sign.mjs", "the payer signer");
  }

  public JsonNode sign(JsonNode request) {
    return tool.run(request, Set.of(0));
  }
}
