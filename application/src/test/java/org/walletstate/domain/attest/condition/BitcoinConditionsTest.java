package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.bitcoin.BitcoinRead;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;

/** token_balance on Bitcoin: what it reads, how it decides, and what it refuses. */
class BitcoinConditionsTest {

  private static final String WALLET = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
  private static final Anchor TIP =
      new Anchor.BitcoinTip(
          923456, "00000000000000000001a0b3c6f4e8a1d2c3b4a5968778695a4b3c2d1e0f1a2b");

  private static BoundCondition<?> bound(KeyVersion key, String condition) {
    AttestRequest request =
        AttestCommands.parse(
                Json.object(
                    "{\"bitcoinWallet\":\"" + WALLET + "\",\"conditions\":[" + condition + "]}"),
                key)
            .request();
    return request.boundConditions().get(0);
  }

  private static String native_(String threshold) {
    return "{\"type\":\"token_balance\",\"chainId\":\"bitcoin\",\"contractAddress\":\"native\","
        + "\"threshold\":\""
        + threshold
        + "\"}";
  }

  private static ConditionVerdict evaluate(BoundCondition<?> condition, Reading<?> sats) {
    Map<ChainRead<?>, Reading<?>> answers = new LinkedHashMap<>();
    answers.put(new BitcoinRead.ConfirmedSats(BitcoinAddress.of(WALLET)), sats);
    return condition.evaluate(KeyVersion.V2, TIP, Readings.of(answers), "conditions[0]");
  }

  @Test
  void tokenBalance_readsTheConfirmedSats_andComparesExactlyInSatoshis() {
    BoundCondition<?> condition = bound(KeyVersion.V2, native_("0.001"));

    assertThat(condition.condition()).isInstanceOf(TokenBalance.class);
    assertThat(Set.<Object>copyOf(condition.reads()))
        .containsExactly(new BitcoinRead.ConfirmedSats(BitcoinAddress.of(WALLET)));
    ConditionVerdict met = evaluate(condition, new Reading.Value<>(BigInteger.valueOf(100_000)));
    ConditionVerdict short_ = evaluate(condition, new Reading.Value<>(BigInteger.valueOf(99_999)));

    assertThat(((ConditionVerdict.Decided) met).met()).isTrue();
    assertThat(((ConditionVerdict.Decided) short_).met()).isFalse();
    PayloadValue.Obj shape = ((ConditionVerdict.Decided) met).evaluatedCondition();
    assertThat(shape.get("contractAddress")).isEqualTo(new PayloadValue.Text("native"));
    assertThat(shape.get("threshold")).isEqualTo(new PayloadValue.Text("0.001"));
    assertThat(shape.members()).doesNotContainKey("decimals");
  }

  @Test
  void anUnreadableBalance_isUnavailable_neverNotMet() {
    assertThat(evaluate(bound(KeyVersion.V2, native_("1")), new Reading.Unreadable<>("down")))
        .isEqualTo(
            new ConditionVerdict.Unavailable(
                FailureSource.BALANCE_READ, "BTC balance could not be read"));
  }

  @Test
  void proofs_areDeclinedWithTheChainsReason() {
    BoundCondition<?> condition = bound(KeyVersion.V2, native_("1"));
    TokenBalance balance = (TokenBalance) condition.condition();

    assertThat(balance.proof(BitcoinAddress.of(WALLET)))
        .isInstanceOf(ProofRequirement.Declined.class);
  }

  @Test
  void aContractOtherThanNative_isRefusedNamingTheField() {
    assertThatThrownBy(
            () ->
                bound(
                    KeyVersion.V2,
                    "{\"type\":\"token_balance\",\"chainId\":\"bitcoin\","
                        + "\"contractAddress\":\"0xdAC17F958D2ee523a2206206994597C13D831ec7\","
                        + "\"threshold\":\"1\"}"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("conditions[0].contractAddress must be native on bitcoin");
  }

  @Test
  void statedDecimalsOtherThanEight_areRefused_andEightIsAccepted() {
    String withDecimals =
        "{\"type\":\"token_balance\",\"chainId\":\"bitcoin\",\"contractAddress\":\"native\","
            + "\"threshold\":\"1\",\"decimals\":";
    assertThatThrownBy(() -> bound(KeyVersion.V2, withDecimals + "18}"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("conditions[0].decimals");
    assertThat(bound(KeyVersion.V2, withDecimals + "8}").condition())
        .isInstanceOf(TokenBalance.class);
  }
}
