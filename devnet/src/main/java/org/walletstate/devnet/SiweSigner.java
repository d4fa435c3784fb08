package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Set;

/**
 * Makes EIP-4361 sign-in messages with the {@code siwe} library and signs them (EIP-191
 * personal_sign) with ethers, by running {@code devnet/tools/siwe-sign.mjs}: {@code {privateKey,
 * domain, uri, chainId, nonce, issuedAt, expirationTime?, notBefore?, statement?, resources?,
 * address?}} in, {@code {message, signature, address}} out.
 *
 * <p>Same shape as {@link X402Payer} by design, as {@link PayerSigner} says.
 */
public final class SiweSigner {

  private final NodeTool tool;

  public SiweSigner(Path devnetDirectory) {
    this.tool = new NodeTool(devnetDirectory, "tools/siwe-sign.mjs", "the SIWE signer");
  }

  public JsonNode sign(JsonNode request) {
    return tool.run(request, Set.of(0));
  }
}
