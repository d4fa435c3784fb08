package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

class TokenBalanceTest {

  static final EvmAddress WALLET = EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");
  static final EvmAddress USDC = EvmAddress.of("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");

  static AttestScenario usdc(KeyVersion key, String threshold, String extra) {
    return AttestScenario.request(
        key,
        "{\"wallet\":\""
            + WALLET
            + "\",\"conditions\":[{\"type\":\"token_balance\",\"chainId\":1,"
            + "\"contractAddress\":\""
            + USDC
            + "\",\"threshold\":"
            + threshold
            + extra
            + "}]}");
  }

  static AttestScenario usdc(String threshold) {
    return usdc(KeyVersion.V2, "\"" + threshold + "\"", "");
  }

  static FakeEvm holding(long baseUnits) {
    return FakeEvm.chain().erc20(USDC, 6).balance(USDC, WALLET, baseUnits);
  }

  @Test
  void isMetWhenTheBalanceReachesTheThreshold() {
    assertThat(usdc("1").on(1, holding(1_000_000)).met()).isTrue();
    assertThat(usdc("1").on(1, holding(1_000_001)).met()).isTrue();
  }

  @Test
  void isNotMetOneBaseUnitBelowTheThreshold() {
    assertThat(usdc("1").on(1, holding(999_999)).met()).isFalse();
  }

  @Test
  void aThresholdFinerThanTheTokenIsALargerRequest() {
    assertThat(usdc("1.0000001").on(1, holding(1_000_000)).met()).isFalse();
    assertThat(usdc("1.0000001").on(1, holding(1_000_001)).met()).isTrue();
  }

  @Test
  void aBaseUnitValueSentAsThresholdAsksForThatManyWholeTokens() {
    assertThat(usdc("1000000").on(1, holding(1_000_000)).met()).isFalse();
  }

  @Test
  void comparesHugeBalancesExactly() {
    BigInteger maxUint = BigInteger.TWO.pow(256).subtract(BigInteger.ONE);
    EvmAddress token = EvmAddress.of("0x6B175474E89094C44Da98b954EedeAC495271d0F");
    FakeEvm chain = FakeEvm.chain().erc20(token, 18).balance(token, WALLET, maxUint);
    String exact =
        "115792089237316195423570985008687907853269984665640564039457.584007913129639935";
    String oneWeiMore =
        "115792089237316195423570985008687907853269984665640564039457.584007913129639936";

    assertThat(scenario(token, exact).on(1, chain).met()).isTrue();
    assertThat(scenario(token, oneWeiMore).on(1, chain).met()).isFalse();
    assertThat(scenario(token, "9".repeat(400)).on(1, chain).met()).isFalse();
  }

  @Test
  void handlesTokensWithoutDecimals() {
    EvmAddress token = EvmAddress.of("0x6B175474E89094C44Da98b954EedeAC495271d0F");
    FakeEvm one = FakeEvm.chain().erc20(token, 0).balance(token, WALLET, 1);

    assertThat(scenario(token, "1").on(1, one).met()).isTrue();
    assertThat(scenario(token, "0.5").on(1, one).met()).isTrue();
    assertThat(scenario(token, "1.5").on(1, one).met()).isFalse();
  }

  @Test
  void readsTheNativeBalanceWithTheChainsDecimals() {
    AttestScenario native_ =
        AttestScenario.request(
            KeyVersion.V2,
            "{\"wallet\":\""
                + WALLET
                + "\",\"conditions\":[{\"type\":\"token_balance\","
                + "\"chainId\":8453,\"contractAddress\":\"native\",\"threshold\":\"0.5\"}]}");

    assertThat(
            native_
                .on(
                    8453,
                    FakeEvm.chain().nativeBalance(WALLET, new BigInteger("500000000000000000")))
                .met())
        .isTrue();
    assertThat(
            native_
                .on(
                    8453,
                    FakeEvm.chain().nativeBalance(WALLET, new BigInteger("499999999999999999")))
                .met())
        .isFalse();
    assertThat(native_.evaluatedCondition())
        .isEqualTo(
            "{\"type\":\"token_balance\",\"chainId\":8453,\"contractAddress\":\"native\","
                + "\"operator\":\"gte\",\"threshold\":\"0.5\"}");
  }

  @Test
  void issuesTheV2ShapeOfConformanceVector01() {
    ConditionResult result = usdc("1").on(1, holding(2_000_000)).result();

    assertThat(Json.write(result.evaluatedCondition()))
        .isEqualTo(
            "{\"type\":\"token_balance\",\"chainId\":1,"
                + "\"contractAddress\":\"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\","
                + "\"operator\":\"gte\",\"threshold\":\"1\"}");
    assertThat(Json.conditionHash(result.evaluatedCondition()))
        .isEqualTo("0x7461826638a23862059da9474fa12054829f694020701491d660395b87df6132");
  }

  @Test
  void signsTheCanonicalFormOfTheThreshold() {
    assertThat(usdc("0001000.000").on(1, holding(0)).evaluatedCondition())
        .endsWith("\"threshold\":\"1000\"}");
    assertThat(Json.conditionHash(usdc("1000").on(1, holding(0)).result().evaluatedCondition()))
        .isEqualTo("0x630c213d362cd4e617261c2475f7b8ad70096ac911db804392305d6cbf70f094");
  }

  @Test
  void issuesTheV1ShapeOfConformanceVector13ForANumericThreshold() {
    ConditionResult result = usdc(KeyVersion.V1, "1", "").on(1, holding(2_000_000)).result();

    assertThat(Json.write(result.evaluatedCondition()))
        .isEqualTo(
            "{\"type\":\"token_balance\",\"chainId\":1,"
                + "\"contractAddress\":\"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\","
                + "\"operator\":\"gte\",\"threshold\":1,\"decimals\":6}");
    assertThat(Json.conditionHash(result.evaluatedCondition()))
        .isEqualTo("0xc938b71ac78df5843d6823dd78ee0a5b64dd56fa850984e954dd070285169444");
  }

  @Test
  void aV1KeySendingAStringGetsTheV1ShapeWithAStringThreshold() {
    assertThat(usdc(KeyVersion.V1, "\"1.50\"", "").on(1, holding(0)).evaluatedCondition())
        .endsWith("\"operator\":\"gte\",\"threshold\":\"1.5\",\"decimals\":6}");
  }

  @Test
  void aStatedDecimalsEqualToTheTokensIsAccepted() {
    assertThat(usdc(KeyVersion.V2, "\"1\"", ",\"decimals\":6").on(1, holding(1_000_000)).met())
        .isTrue();
  }

  @Test
  void aStatedDecimalsOtherThanTheTokensIsRefusedNamingTheTokensOwn() {
    assertThat(usdc(KeyVersion.V2, "\"1\"", ",\"decimals\":18").on(1, holding(0)).refusal())
        .isEqualTo("conditions[0].decimals 18 does not match the token's own decimals (6)");
  }

  @Test
  void isUnavailableWhenTheDecimalsCannotBeReadEvenWithAStatedValue() {
    FakeEvm chain =
        FakeEvm.chain()
            .answer(new EvmRead.Erc20Decimals(USDC), ReadOutcome.failed("HTTP 429"))
            .balance(USDC, WALLET, 5);

    assertThat(usdc(KeyVersion.V2, "\"1\"", ",\"decimals\":18").on(1, chain).failures())
        .containsExactly(
            new FailedCondition(
                0,
                FailureSource.TOKEN_METADATA_READ,
                ChainId.evm(1),
                "token decimals could not be read"));
  }

  @Test
  void aTokenWithoutDecimalsOrCodeIsUnavailableNotUnmet() {
    assertThat(usdc("1").on(1, FakeEvm.chain()).failures())
        .extracting(FailedCondition::source)
        .containsExactly(FailureSource.TOKEN_METADATA_READ);
    FakeEvm reverting =
        FakeEvm.chain().answer(new EvmRead.Erc20Decimals(USDC), ReadOutcome.reverted());
    assertThat(usdc("1").on(1, reverting).failures())
        .extracting(FailedCondition::source)
        .containsExactly(FailureSource.TOKEN_METADATA_READ);
  }

  @Test
  void isUnavailableWhenTheBalanceCannotBeRead() {
    FakeEvm chain =
        FakeEvm.chain()
            .erc20(USDC, 6)
            .answer(new EvmRead.Erc20BalanceOf(USDC, WALLET), ReadOutcome.failed("timeout"));

    assertThat(usdc("1").on(1, chain).failures())
        .containsExactly(
            new FailedCondition(
                0, FailureSource.BALANCE_READ, ChainId.evm(1), "token balance could not be read"));
  }

  @Test
  void aFailedNativeBalanceIsUnavailable() {
    AttestScenario native_ =
        AttestScenario.request(
            KeyVersion.V2,
            "{\"wallet\":\""
                + WALLET
                + "\",\"conditions\":[{\"type\":\"token_balance\","
                + "\"chainId\":1,\"contractAddress\":\"native\",\"threshold\":\"1\"}]}");
    FakeEvm chain =
        FakeEvm.chain().answer(new EvmRead.NativeBalance(WALLET), ReadOutcome.failed("reset"));

    assertThat(native_.on(1, chain).failures())
        .extracting(FailedCondition::source)
        .containsExactly(FailureSource.BALANCE_READ);
  }

  private static AttestScenario scenario(EvmAddress token, String threshold) {
    return AttestScenario.request(
        KeyVersion.V2,
        "{\"wallet\":\""
            + WALLET
            + "\",\"conditions\":[{\"type\":\"token_balance\",\"chainId\":1,"
            + "\"contractAddress\":\""
            + token
            + "\",\"threshold\":\""
            + threshold
            + "\"}]}");
  }
}
