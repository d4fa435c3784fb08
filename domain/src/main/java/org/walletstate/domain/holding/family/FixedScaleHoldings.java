package org.walletstate.domain.holding.family;

import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.Scale;

/**
 * A family whose every asset has the chain's native decimals, fixed by the ledger: nothing to read
 * for them.
 */
abstract class FixedScaleHoldings<W extends WalletAddress> extends FamilyIdentity<W> {

  private final String ledger;

  /**
   * @param ledger who fixes the decimals, as the refusal to read them names it (e.g. {@code BTC})
   */
  FixedScaleHoldings(ChainFamily family, Class<W> walletType, String ledger) {
    super(family, walletType);
    this.ledger = Objects.requireNonNull(ledger, "ledger");
  }

  @Override
  public final Scale scale(Chain chain, Asset asset) {
    return new Scale.Fixed(FamilyAssets.nativeDecimals(chain));
  }

  @Override
  public final Set<ChainRead<?>> decimalsReads(Asset asset) {
    return Set.of();
  }

  @Override
  public final HoldingRead<TokenDecimals> decimals(Asset asset, Readings readings) {
    throw new IllegalArgumentException(ledger + "'s decimals are fixed");
  }
}
