package org.walletstate.domain.holding.family;

import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.FamilyHoldings;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.Scale;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.tron.TronRead;

/**
 * Tron: TRX in sun (6 decimals) or a TRC-20 token (its T-address, checksum verified; {@code
 * balanceOf} and {@code decimals} read from the token). A TRC-20 {@code balanceOf} can revert.
 */
final class TronHoldings implements FamilyHoldings<TronAddress> {

  @Override
  public ChainFamily family() {
    return ChainFamily.TRON;
  }

  @Override
  public Class<TronAddress> walletType() {
    return TronAddress.class;
  }

  @Override
  public Asset asset(Fields fields) {
    return FamilyAssets.nativeOrToken(
        fields, (text, field) -> TronAddress.parse(text, field).text());
  }

  @Override
  public Asset asset(String contract, Optional<String> code) {
    return FamilyAssets.nativeOrToken(
        contract, code, text -> TronAddress.parse(text, "contractAddress").text());
  }

  @Override
  public Scale scale(Chain chain, Asset asset) {
    return FamilyAssets.nativeFixed(chain, asset);
  }

  @Override
  public Set<ChainRead<?>> decimalsReads(Asset asset) {
    return asset instanceof Asset.Token token
        ? Set.of(new TronRead.Trc20Decimals(TronAddress.of(token.contract())))
        : Set.of();
  }

  @Override
  public Set<ChainRead<?>> balanceReads(Asset asset, TronAddress wallet) {
    return Set.of(balanceRead(asset, wallet));
  }

  @Override
  public HoldingRead<TokenDecimals> decimals(Asset asset, Readings readings) {
    TronAddress token = TronAddress.of(((Asset.Token) asset).contract());
    return HoldingRead.of(
        readings.reading(new TronRead.Trc20Decimals(token)), EvmHoldings.DECIMALS);
  }

  @Override
  public HoldingRead<Balance> balance(Asset asset, TronAddress wallet, Readings readings) {
    return HoldingRead.of(readings.reading(balanceRead(asset, wallet)), EvmHoldings.BALANCE)
        .map(Balance::of);
  }

  private static ChainRead<java.math.BigInteger> balanceRead(Asset asset, TronAddress wallet) {
    if (asset instanceof Asset.Token token) {
      return new TronRead.Trc20Balance(TronAddress.of(token.contract()), wallet);
    }
    return new TronRead.TrxSun(wallet);
  }
}
