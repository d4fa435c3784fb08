package org.walletstate.domain.holding.family;

import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.SuiAddress;
import org.walletstate.domain.address.SuiCoinType;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.HoldingFailure;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.Scale;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.sui.SuiRead;

/**
 * Sui: the wallet's total balance of a coin type (every coin object and the address balance). A
 * coin type ({@code address::module::Name}, optionally with type arguments) is compared and signed
 * in its canonical form (64-hex addresses); {@code native} is SUI (9 decimals, as is the SUI coin
 * type named outright). Other coins' decimals come from their metadata.
 */
final class SuiHoldings extends FamilyIdentity<SuiAddress> {

  // Alike by design: failures and constructor shaped like XrplHoldings', as each family names
  // its own failures and identity.
  private static final HoldingFailure DECIMALS =
      HoldingFailure.of(FailureSource.TOKEN_METADATA_READ, "the coin's decimals could not be read");
  private static final HoldingFailure BALANCE =
      HoldingFailure.of(FailureSource.BALANCE_READ, "coin balance could not be read");

  SuiHoldings() {
    super(ChainFamily.SUI, SuiAddress.class);
  }

  @Override
  public String contract(String text, String field) {
    return SuiCoinType.parse(text, field).text();
  }

  @Override
  public Asset asset(Fields fields) {
    return FamilyAssets.nativeOrToken(
        fields, (text, field) -> SuiCoinType.parse(text, field).text());
  }

  @Override
  public Asset asset(String contract, Optional<String> code) {
    return FamilyAssets.nativeOrToken(
        contract, code, text -> SuiCoinType.parse(text, "contractAddress").text());
  }

  @Override
  public Scale scale(Chain chain, Asset asset) {
    return coinType(asset).isSui()
        ? new Scale.Fixed(FamilyAssets.nativeDecimals(chain))
        : new Scale.Read();
  }

  @Override
  public Set<ChainRead<?>> decimalsReads(Asset asset) {
    SuiCoinType coin = coinType(asset);
    return coin.isSui() ? Set.of() : Set.of(new SuiRead.CoinDecimals(coin));
  }

  @Override
  public Set<ChainRead<?>> balanceReads(Asset asset, SuiAddress wallet) {
    return Set.of(new SuiRead.CoinBalance(wallet, coinType(asset)));
  }

  @Override
  public HoldingRead<TokenDecimals> decimals(Asset asset, Readings readings) {
    return HoldingRead.of(readings.reading(new SuiRead.CoinDecimals(coinType(asset))), DECIMALS)
        .map(TokenDecimals::of);
  }

  @Override
  public HoldingRead<Balance> balance(Asset asset, SuiAddress wallet, Readings readings) {
    return HoldingRead.of(
            readings.reading(new SuiRead.CoinBalance(wallet, coinType(asset))), BALANCE)
        .map(Balance::of);
  }

  private static SuiCoinType coinType(Asset asset) {
    return asset instanceof Asset.Token token ? SuiCoinType.of(token.contract()) : SuiCoinType.SUI;
  }
}
