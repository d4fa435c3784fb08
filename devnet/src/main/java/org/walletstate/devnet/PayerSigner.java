package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Set;

/**
 * Signs a payer's message as its wallet would, with ethers (EVM, EIP-191 personal_sign) or
 * {@code @solana/kit} (Solana, ed25519), by running {@code devnet/tools/payer-sign.mjs}: {@code
 * {family, privateKey, message?}} in, {@code {address, signature?}} out.
 *
 * <p>Same shape as {@link SiweSigner}, {@link PurchaseProofSigner} and {@link X402Payer} by design:
 * each wraps its own script with a type of its own, so that a test names the signature it makes.
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
