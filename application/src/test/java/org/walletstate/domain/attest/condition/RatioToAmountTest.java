package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.domain.attest.condition.TokenBalanceTest.USDC;
import static org.walletstate.domain.attest.condition.TokenBalanceTest.WALLET;

import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.payload.KeyVersion;

class RatioToAmountTest {

  private static AttestScenario ratio(KeyVersion key, String multiple, String amount) {
    return AttestScenario.request(
        key,
        "{\"wallet\":\""
            + WALLET
            + "\",\"conditions\":[{\"type\":\"ratio_to_amount\","
            + "\"chainId\":1,\"contractAddress\":\""
            + USDC
            + "\",\"multiple\":"
            + multiple
            + ",\"amount\":"
            + amount
            + "}]}");
  }

  private static AttestScenario ratio(String multiple, String amount) {
    return ratio(KeyVersion.V2, "\"" + multiple + "\"", "\"" + amount + "\"");
  }

  private static FakeEvm holding(long baseUnits) {
    return FakeEvm.chain().erc20(USDC, 6).balance(USDC, WALLET, baseUnits);
  }

  @Test
  void isMetWhenTheBalanceReachesMultipleTimesTheAmount() {
    assertThat(ratio("3", "12.5").on(1, holding(37_500_000)).met()).isTrue();
    assertThat(ratio("3", "12.5").on(1, holding(37_499_999)).met()).isFalse();
  }

  @Test
  void multipliesExactlyWhateverTheMultiplesPrecision() {
    assertThat(ratio("1.3333333333", "3").on(1, holding(3_999_999)).met()).isFalse();
    assertThat(ratio("1.3333333333", "3").on(1, holding(4_000_000)).met()).isTrue();
  }

  @Test
  void carriesMultipleAmountAndTheDerivedThreshold() {
    assertThat(ratio("3", "12.50").on(1, holding(0)).evaluatedCondition())
        .isEqualTo(
            "{\"type\":\"ratio_to_amount\",\"chainId\":1,"
                + "\"contractAddress\":\"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\","
                + "\"operator\":\"gte\",\"threshold\":\"37.5\",\"multiple\":\"3\","
                + "\"amount\":\"12.5\"}");
  }

  @Test
  void onV1KeysEchoesNumbersAndAddsTheTokensDecimals() {
    assertThat(ratio(KeyVersion.V1, "3", "0.1").on(1, holding(0)).evaluatedCondition())
        .isEqualTo(
            "{\"type\":\"ratio_to_amount\",\"chainId\":1,"
                + "\"contractAddress\":\"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\","
                + "\"operator\":\"gte\",\"threshold\":\"0.3\",\"decimals\":6,\"multiple\":3,"
                + "\"amount\":0.1}");
  }

  @Test
  void refusesAnAmountFinerThanTheTokenOnceItsDecimalsAreRead() {
    assertThat(ratio("2", "1.0000001").on(1, holding(10_000_000)).refusal())
        .isEqualTo(
            "conditions[0].amount 1.0000001 has more decimal places than the token's own decimals"
                + " (6)");
  }

  @Test
  void acceptsAnAmountWithTrailingZerosBeyondTheTokensDecimals() {
    assertThat(ratio("2", "1.00000000").on(1, holding(2_000_000)).met()).isTrue();
  }

  @Test
  void worksOnTheNativeAsset() {
    AttestScenario scenario =
        AttestScenario.request(
            KeyVersion.V2,
            "{\"wallet\":\""
                + WALLET
                + "\",\"conditions\":[{\"type\":\"ratio_to_amount\","
                + "\"chainId\":1,\"contractAddress\":\"native\",\"multiple\":\"2\","
                + "\"amount\":\"0.000000000000000001\"}]}");

    assertThat(
            scenario.on(1, FakeEvm.chain().nativeBalance(WALLET, java.math.BigInteger.TWO)).met())
        .isTrue();
    assertThat(
            scenario.on(1, FakeEvm.chain().nativeBalance(WALLET, java.math.BigInteger.ONE)).met())
        .isFalse();
  }
}
