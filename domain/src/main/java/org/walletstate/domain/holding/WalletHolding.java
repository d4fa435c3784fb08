package org.walletstate.domain.holding;

import java.util.Objects;
import org.walletstate.domain.address.WalletAddress;

/**
 * One entry of a batched read ({@link HoldingBatch}): a wallet's holding of an asset, or of a
 * collection's tokens.
 */
public sealed interface WalletHolding permits WalletHolding.OfAsset, WalletHolding.OfCollection {

  /** The wallet whose holding it is. */
  WalletAddress wallet();

  /** {@code wallet}'s balance of {@code asset}. */
  record OfAsset(Asset asset, WalletAddress wallet) implements WalletHolding {
    // Alike by design: each holding is its own record and checks its own components.
    public OfAsset {
      Objects.requireNonNull(asset, "asset");
      Objects.requireNonNull(wallet, "wallet");
    }
  }

  /**
   * How many of the collection at {@code collection} (its signed form) {@code wallet} holds; where
   * the family only says whether one is held, one or none.
   */
  record OfCollection(String collection, WalletAddress wallet) implements WalletHolding {
    public OfCollection {
      Objects.requireNonNull(collection, "collection");
      Objects.requireNonNull(wallet, "wallet");
    }
  }
}
