package org.walletstate.domain.holding.family;

import java.util.Objects;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.holding.FamilyHoldings;

/** What names a family's holdings: its family and its wallet type, given once. */
abstract class FamilyIdentity<W extends WalletAddress> implements FamilyHoldings<W> {

  private final ChainFamily family;
  private final Class<W> walletType;

  FamilyIdentity(ChainFamily family, Class<W> walletType) {
    this.family = Objects.requireNonNull(family, "family");
    this.walletType = Objects.requireNonNull(walletType, "walletType");
  }

  @Override
  public final ChainFamily family() {
    return family;
  }

  @Override
  public final Class<W> walletType() {
    return walletType;
  }
}
