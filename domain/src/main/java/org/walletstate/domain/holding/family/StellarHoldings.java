package org.walletstate.domain.holding.family;

import java.math.BigInteger;
import java.util.Set;
import org.walletstate.domain.address.StellarAddress;
import org.walletstate.domain.address.StellarAssetCode;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.HoldingFailure;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.stellar.StellarRead;
import org.walletstate.domain.stellar.StellarTrustLine;

/**
 * Stellar's classic ledger: XLM (the account's native balance, 0 for an account that does not
 * exist) or an issued asset (the holder's trustline to the issuer in {@code assetCode}); both in
 * stroops, 7 decimals. A line the issuer has not fully authorised holds nothing that counts: the
 * holder cannot move it. Soroban contract balances are not visible.
 */
final class StellarHoldings extends FixedScaleHoldings<StellarAddress>
    implements IssuedAssetFamily<StellarAddress> {

  // Alike by design: each family describes its issued assets in its own words.
  private static final IssuedAssets ASSETS =
      new IssuedAssets(
          "assetCode",
          "XLM",
          "issued assets",
          "a Stellar issued asset",
          "XLM takes no asset code",
          "a Stellar asset has an asset code",
          (text, field) -> StellarAddress.parse(text, field).text(),
          (text, field) -> StellarAssetCode.parse(text, field).text());
  private static final HoldingFailure LINE =
      HoldingFailure.of(FailureSource.BALANCE_READ, "trustline balance could not be read");
  private static final HoldingFailure LUMENS =
      HoldingFailure.of(FailureSource.BALANCE_READ, "XLM balance could not be read");

  StellarHoldings() {
    super(ChainFamily.STELLAR, StellarAddress.class, "Stellar");
  }

  @Override
  public IssuedAssets assets() {
    return ASSETS;
  }

  @Override
  public Set<ChainRead<?>> balanceReads(Asset asset, StellarAddress wallet) {
    if (asset instanceof Asset.Issued issued) {
      return Set.of(line(issued, wallet));
    }
    return Set.of(new StellarRead.LumenStroops(wallet));
  }

  @Override
  public HoldingRead<Balance> balance(Asset asset, StellarAddress wallet, Readings readings) {
    if (asset instanceof Asset.Issued issued) {
      return HoldingRead.of(readings.reading(line(issued, wallet)), LINE)
          .map(
              (StellarTrustLine line) ->
                  Balance.of(line.authorized() ? line.stroops() : BigInteger.ZERO));
    }
    return HoldingRead.of(readings.reading(new StellarRead.LumenStroops(wallet)), LUMENS)
        .map(Balance::of);
  }

  private static StellarRead.TrustLine line(Asset.Issued issued, StellarAddress wallet) {
    return new StellarRead.TrustLine(
        wallet, StellarAddress.of(issued.issuer()), StellarAssetCode.of(issued.code()));
  }
}
