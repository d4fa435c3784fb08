package org.walletstate.domain.holding.family;

import java.math.BigInteger;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.WalletAddress;
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

/**
 * A family whose assets are the chain's own or a token contract that states its decimals (EVM,
 * Solana, Tron): the native asset has the chain's decimals, a token's are read with its balance. A
 * family says only how a contract is written when signed and which reads answer.
 */
abstract class ContractHoldings<W extends WalletAddress> extends FamilyIdentity<W> {

  static final HoldingFailure DECIMALS =
      HoldingFailure.of(FailureSource.TOKEN_METADATA_READ, "token decimals could not be read");
  static final HoldingFailure BALANCE =
      HoldingFailure.of(FailureSource.BALANCE_READ, "token balance could not be read");

  ContractHoldings(ChainFamily family, Class<W> walletType) {
    super(family, walletType);
  }

  /** The contract's signed form; {@code field} names it in the 400. */
  abstract String signedForm(String text, String field);

  /** The read of a token's decimals. */
  abstract ChainRead<TokenDecimals> decimalsRead(String contract);

  /** The read of {@code wallet}'s balance of a token, or of the native asset when empty. */
  abstract ChainRead<BigInteger> balanceRead(Optional<String> contract, W wallet);

  @Override
  public String contract(String text, String field) {
    return signedForm(text, field);
  }

  @Override
  public Asset asset(Fields fields) {
    return FamilyAssets.nativeOrToken(fields, this::signedForm);
  }

  @Override
  public Asset asset(String contract, Optional<String> code) {
    return FamilyAssets.nativeOrToken(contract, code, text -> signedForm(text, "contractAddress"));
  }

  @Override
  public Scale scale(Chain chain, Asset asset) {
    return FamilyAssets.nativeFixed(chain, asset);
  }

  @Override
  public Set<ChainRead<?>> decimalsReads(Asset asset) {
    return asset instanceof Asset.Token token ? Set.of(decimalsRead(token.contract())) : Set.of();
  }

  @Override
  public Set<ChainRead<?>> balanceReads(Asset asset, W wallet) {
    return Set.of(balanceRead(contract(asset), wallet));
  }

  @Override
  public HoldingRead<TokenDecimals> decimals(Asset asset, Readings readings) {
    return HoldingRead.of(
        readings.reading(decimalsRead(((Asset.Token) asset).contract())), DECIMALS);
  }

  @Override
  public HoldingRead<Balance> balance(Asset asset, W wallet, Readings readings) {
    return HoldingRead.of(readings.reading(balanceRead(contract(asset), wallet)), BALANCE)
        .map(Balance::of);
  }

  private static Optional<String> contract(Asset asset) {
    return asset instanceof Asset.Token token ? Optional.of(token.contract()) : Optional.empty();
  }
}
