package org.walletstate.domain.trust;

import java.util.Arrays;
import java.util.Optional;
import org.walletstate.domain.chain.ChainFamily;

/**
 * The dimensions of a trust profile in the interface's fixed order: the ten base dimensions, always
 * present, then the four that appear only when their wallet is given. Each has a fixed number of
 * checks, which the check list must match.
 */
public enum TrustDimension {
  STABLECOINS("stablecoins", 52, null),
  GOVERNANCE("governance", 8, null),
  NFTS("nfts", 3, null),
  STAKING("staking", 5, null),
  INSTITUTIONAL_STABLECOINS("institutional_stablecoins", 8, null),
  TOKENIZED_TREASURIES("tokenized_treasuries", 16, null),
  STABLECOIN_DEPOSITS("stablecoin_deposits", 39, null),
  WRAPPED_BITCOIN("wrapped_bitcoin", 12, null),
  NAMES("names", 2, null),
  ACCOUNT("account", 10, null),
  SOLANA("solana", 14, ChainFamily.SOLANA),
  XRPL("xrpl", 3, ChainFamily.XRPL),
  BITCOIN("bitcoin", 1, ChainFamily.BITCOIN),
  TRON("tron", 3, ChainFamily.TRON);

  // Fields written out by design: each class holds only what it is given.
  private final String key;
  private final int checks;
  private final ChainFamily onlyWith;

  TrustDimension(String key, int checks, ChainFamily onlyWith) {
    this.key = key;
    this.checks = checks;
    this.onlyWith = onlyWith;
  }

  /** The dimension's key in {@code dimensions}. */
  public String key() {
    return key;
  }

  /** How many checks the dimension has. */
  public int checks() {
    return checks;
  }

  /** The family whose wallet switches the dimension on; empty for the base dimensions. */
  public Optional<ChainFamily> onlyWith() {
    return Optional.ofNullable(onlyWith);
  }

  /** The dimension named {@code key}. */
  public static Optional<TrustDimension> of(String key) {
    return Arrays.stream(values()).filter(d -> d.key.equals(key)).findFirst();
  }
}
