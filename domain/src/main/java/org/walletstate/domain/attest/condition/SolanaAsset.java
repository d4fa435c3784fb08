package org.walletstate.domain.attest.condition;

import java.util.Objects;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.payload.PayloadValue;

/** What a Solana balance is held in: SOL itself or an SPL mint (Token or Token-2022). */
public sealed interface SolanaAsset permits SolanaAsset.Native, SolanaAsset.Mint {

  /** The {@code contractAddress} a signed condition carries. */
  PayloadValue contractAddress();

  /** SOL, in lamports ({@code contractAddress: "native"}). */
  record Native() implements SolanaAsset {
    @Override
    public PayloadValue contractAddress() {
      return PayloadValue.text("native");
    }
  }

  /** An SPL mint, signed as the Base58 text that was sent (its only text). */
  record Mint(SolanaMint mint) implements SolanaAsset {
    public Mint {
      Objects.requireNonNull(mint, "mint");
    }

    @Override
    public PayloadValue contractAddress() {
      return PayloadValue.text(mint.text());
    }
  }
}
