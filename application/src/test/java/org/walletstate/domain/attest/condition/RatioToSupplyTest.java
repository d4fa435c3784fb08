package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.domain.attest.condition.TokenBalanceTest.USDC;
import static org.walletstate.domain.attest.condition.TokenBalanceTest.WALLET;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

class RatioToSupplyTest {

  private static AttestScenario share(String minFraction) {
    return share(KeyVersion.V2, "\"" + minFraction + "\"");
  }

  private static AttestScenario share(KeyVersion key, String minFraction) {
    return AttestScenario.request(
        key,
        "{\"wallet\":\""
            + WALLET
            + "\",\"conditions\":[{\"type\":\"ratio_to_supply\","
            + "\"chainId\":1,\"contractAddress\":\""
            + USDC
            + "\",\"minFraction\":"
            + minFraction
            + "}]}");
  }

  private static FakeEvm supply(long balance, long totalSupply) {
    return FakeEvm.chain()
        .erc20(USDC, 6)
        .balance(USDC, WALLET, balance)
        .totalSupply(USDC, BigInteger.valueOf(totalSupply));
  }

  @Test
  void isMetWhenTheBalanceIsAtLeastTheFractionOfTheSupply() {
    assertThat(share("0.25").on(1, supply(250, 1000)).met()).isTrue();
    assertThat(share("0.25").on(1, supply(249, 1000)).met()).isFalse();
    assertThat(share("1").on(1, supply(1000, 1000)).met()).isTrue();
  }

  @Test
  void comparesNonTerminatingFractionsExactly() {
    assertThat(share("0.333333333333333333333333").on(1, supply(1, 3)).met()).isTrue();
    assertThat(share("0.333333333333333333333334").on(1, supply(1, 3)).met()).isFalse();
  }

  @Test
  void signsTheRawSupplyAndTheFractionBesideTheCondition() {
    var result = share("0.1").on(1, supply(1, 3)).result();

    assertThat(Json.write(result.evaluatedCondition()))
        .isEqualTo(
            "{\"type\":\"ratio_to_supply\",\"chainId\":1,"
                + "\"contractAddress\":\"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\","
                + "\"operator\":\"gte_fraction\",\"threshold\":\"0.1\"}");
    assertThat(Json.write(result.extras()))
        .isEqualTo("{\"totalSupply\":\"3\",\"fraction\":\"0.333333333333333333\"}");
  }

  @Test
  void showsTheFractionAtLeastAsPreciselyAsMinFraction() {
    var result = share("0.3333333333333333333334").on(1, supply(1, 3)).result();

    assertThat(result.met()).isFalse();
    assertThat(Json.write(result.extras()))
        .isEqualTo("{\"totalSupply\":\"3\",\"fraction\":\"0.3333333333333333333333\"}");
  }

  @Test
  void carriesSuppliesBeyondDoublePrecisionAsExactStrings() {
    BigInteger huge = BigInteger.TEN.pow(40).add(BigInteger.ONE);
    FakeEvm chain =
        FakeEvm.chain().erc20(USDC, 6).balance(USDC, WALLET, huge).totalSupply(USDC, huge);

    assertThat(Json.write(share("1").on(1, chain).result().extras()))
        .isEqualTo(
            "{\"totalSupply\":\"10000000000000000000000000000000000000001\",\"fraction\":\"1\"}");
  }

  @Test
  void aTokenWithNoSupplyIsNotMet() {
    var result = share("0.000001").on(1, supply(0, 0)).result();

    assertThat(result.met()).isFalse();
    assertThat(Json.write(result.extras())).isEqualTo("{\"totalSupply\":\"0\",\"fraction\":\"0\"}");
  }

  @Test
  void keepsAV1NumericMinFractionANumber() {
    assertThat(share(KeyVersion.V1, "0.5").on(1, supply(1, 2)).evaluatedCondition())
        .endsWith("\"operator\":\"gte_fraction\",\"threshold\":0.5}");
  }

  @Test
  void isUnavailableWhenTheSupplyCannotBeRead() {
    FakeEvm chain =
        FakeEvm.chain()
            .erc20(USDC, 6)
            .balance(USDC, WALLET, 1)
            .answer(new EvmRead.Erc20TotalSupply(USDC), ReadOutcome.failed("502"));

    assertThat(share("0.1").on(1, chain).failures())
        .containsExactly(
            new FailedCondition(
                0, FailureSource.SUPPLY_READ, ChainId.evm(1), "total supply could not be read"));
  }

  @Test
  void checksAStatedDecimalsAgainstTheToken() {
    AttestScenario scenario =
        AttestScenario.request(
            KeyVersion.V2,
            "{\"wallet\":\""
                + WALLET
                + "\",\"conditions\":[{\"type\":\"ratio_to_supply\","
                + "\"chainId\":1,\"contractAddress\":\""
                + USDC
                + "\",\"minFraction\":\"0.1\","
                + "\"decimals\":\"8\"}]}");

    assertThat(scenario.on(1, supply(1, 2)).refusal())
        .isEqualTo("conditions[0].decimals 8 does not match the token's own decimals (6)");
  }
}
