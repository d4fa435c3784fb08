package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.holding.Asset;

/**
 * The conditions validate on construction, without the request reader: a value an embedder builds
 * directly is refused for what the reader would refuse (the reader names the member by its path,
 * the value by its name).
 */
class ConditionValuesTest {

  private static final Chain BASE = ChainCatalogue.require(ChainId.evm(8453));
  private static final Chain SOLANA = ChainCatalogue.require(ChainId.named("solana"));
  private static final EvmAddress CONTRACT =
      EvmAddress.of("0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D");

  private static DecimalAmount amount(String text) {
    return new DecimalAmount(new BigDecimal(text), false);
  }

  @Test
  void aViewCallIsOnAnEvmChain() {
    FunctionSignature isMember = FunctionSignature.of("isMember(address)");

    assertThatThrownBy(() -> new EvmViewCall(SOLANA, CONTRACT, isMember))
        .isInstanceOf(ValidationException.class)
        .hasMessage("chainId solana is not an EVM chain; evm_view_call is EVM only");
    assertThat(new EvmViewCall(BASE, CONTRACT, isMember).chain()).isEqualTo(BASE);
  }

  @Test
  void statedDecimalsOfANativeAssetAreTheChainsOwn() {
    Asset eth = new Asset.Native();

    assertThatThrownBy(
            () -> new TokenBalance(BASE, eth, amount("1"), Optional.of(TokenDecimals.of(6))))
        .isInstanceOf(ValidationException.class)
        .hasMessage("decimals 6 does not match the token's own decimals (18)");
    assertThat(
            new TokenBalance(BASE, eth, amount("1"), Optional.of(TokenDecimals.of(18)))
                .declaredDecimals())
        .contains(TokenDecimals.of(18));
  }

  @Test
  void aRatioOfANativeAssetHasNoAmountFinerThanTheChainsDecimals() {
    Asset eth = new Asset.Native();
    RatioFactors tooFine = new RatioFactors(amount("3"), amount("0.0000000000000000001"));

    assertThatThrownBy(() -> new RatioToAmount(BASE, eth, tooFine, Optional.empty()))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("amount ")
        .hasMessageEndingWith(" has more decimal places than the token's own decimals (18)");
    assertThatThrownBy(
            () ->
                new RatioToAmount(
                    BASE,
                    eth,
                    new RatioFactors(amount("3"), amount("0.5")),
                    Optional.of(TokenDecimals.of(9))))
        .isInstanceOf(ValidationException.class)
        .hasMessage("decimals 9 does not match the token's own decimals (18)");
  }
}
