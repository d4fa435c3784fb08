package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Set;

/**
 * Signs purchase claim messages as a payer's wallet would, with each family's own client library
 * ({@code devnet/tools/purchase-proof.mjs}: ethers, tronweb, @solana/kit, bitcoinjs-message):
 * {@code {family, privateKey, message?, segwitType?}} in, {@code {address, signature?}} out.
 *
 * <p>Same shape as {@link SiweSigner} and {@link X402Payer} by design, as {@link PayerSigner} says.
 */
public final class PurchaseProofSigner {

  private final NodeTool tool;

  public PurchaseProofSigner(Path devnetDirectory) {
    this.tool = new NodeTool(devnetDirectory, "tools/purchase-proof.mjs", "the purchase signer");
  }

  public JsonNode sign(JsonNode request) {
    return tool.run(request, Set.of(0));
  }
}
