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
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.tron.TronRead;

/** token_balance on Tron: what it reads, how it decides, and what it refuses. */
class TronConditionsTest {

  private static final String WALLET = "TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g";
  private static final String USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
  private static final Anchor HEAD =
      new Anchor.TronBlock(
          66987627, "0000000003fe266bf6b6d392f654dc2e5011601546ed04623d9fcc4e9d439a25");

  private static BoundCondition<?> bound(String contract, String threshold, String extra) {
    return AttestCommands.parse(
            Json.object(
                "{\"tronWallet\":\""
                    + WALLET
                    + "\",\"conditions\":[{\"type\":\"token_balance\",\"chainId\":\"tron\","
                    + "\"contractAddress\":\""
                    + contract
                    + "\",\"threshold\":\""
                    + threshold
                    + "\""
                    + extra
                    + "}]}"),
            KeyVersion.V2)
        .request()
        .boundConditions()
        .get(0);
  }

  private static ConditionVerdict evaluate(
      BoundCondition<?> condition, Map<ChainRead<?>, Reading<?>> answers) {
    return condition.evaluate(KeyVersion.V2, HEAD, Readings.of(answers), "conditions[0]");
  }

  @Test
  void trc20_readsBalanceAndDecimals_andDecidesWithTheTokensDecimals() {
    BoundCondition<?> condition = bound(USDT, "1087.36", "");
    var balance = new TronRead.Trc20Balance(TronAddress.of(USDT), TronAddress.of(WALLET));
    var decimals = new TronRead.Trc20Decimals(TronAddress.of(USDT));

    assertThat(condition.condition()).isInstanceOf(TokenBalance.class);
    assertThat(Set.<Object>copyOf(condition.reads())).containsExactlyInAnyOrder(balance, decimals);
    Map<ChainRead<?>, Reading<?>> answers = new LinkedHashMap<>();
    answers.put(decimals, new Reading.Value<>(TokenDecimals.of(6)));
    answers.put(balance, new Reading.Value<>(BigInteger.valueOf(1087360000)));
    assertThat(((ConditionVerdict.Decided) evaluate(condition, answers)).met()).isTrue();

    answers.put(balance, new Reading.Value<>(BigInteger.valueOf(1087359999)));
    assertThat(((ConditionVerdict.Decided) evaluate(condition, answers)).met()).isFalse();

    answers.put(decimals, new Reading.Unreadable<>("reverted"));
    assertThat(evaluate(condition, answers))
        .isEqualTo(
            new ConditionVerdict.Unavailable(
                FailureSource.TOKEN_METADATA_READ, "token decimals could not be read"));
  }

  @Test
  void aStatedDecimalsThatIsNotTheTokensOwn_isRefusedWhenRead() {
    BoundCondition<?> condition = bound(USDT, "1", ",\"decimals\":18");
    Map<ChainRead<?>, Reading<?>> answers = new LinkedHashMap<>();
    answers.put(
        new TronRead.Trc20Decimals(TronAddress.of(USDT)), new Reading.Value<>(TokenDecimals.of(6)));
    answers.put(
        new TronRead.Trc20Balance(TronAddress.of(USDT), TronAddress.of(WALLET)),
        new Reading.Value<>(BigInteger.ONE));

    assertThat(evaluate(condition, answers)).isInstanceOf(ConditionVerdict.Refused.class);
  }

  @Test
  void nativeTrx_isReadInSun_andItsDecimalsAreSix() {
    BoundCondition<?> condition = bound("native", "1.5", "");

    assertThat(Set.<Object>copyOf(condition.reads()))
        .containsExactly(new TronRead.TrxSun(TronAddress.of(WALLET)));
    assertThatThrownBy(() -> bound("native", "1", ",\"decimals\":8"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("conditions[0].decimals");
    assertThatThrownBy(() -> bound("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", "1", ""))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("conditions[0].contractAddress");
  }
}
