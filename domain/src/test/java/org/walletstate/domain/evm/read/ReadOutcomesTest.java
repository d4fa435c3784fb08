package org.walletstate.domain.evm.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.eas.AttestationLookup;

class ReadOutcomesTest {

  private static final EvmAddress TOKEN =
      EvmAddress.of("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
  private static final EvmAddress WALLET =
      EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");

  private static Bytes word(long value) {
    return Bytes32.of(BigInteger.valueOf(value)).bytes();
  }

  @Test
  void interpretsAnswersAsValuesOfTheReadsType() {
    EvmRead.Erc20Decimals decimals = new EvmRead.Erc20Decimals(TOKEN);
    ReadOutcomes outcomes = ReadOutcomes.of(Map.of(decimals, ReadOutcome.data(word(6))));

    assertThat(outcomes.reading(decimals)).isEqualTo(new Reading.Value<>(TokenDecimals.of(6)));
  }

  @Test
  void aFailedReadIsUnreadableAndKeepsItsDetailForLogs() {
    EvmRead.NativeBalance balance = new EvmRead.NativeBalance(WALLET);
    ReadOutcomes outcomes = ReadOutcomes.of(Map.of(balance, ReadOutcome.failed("timeout")));

    assertThat(outcomes.reading(balance))
        .isEqualTo(new Reading.Unreadable<>("read failed: timeout"));
  }

  @Test
  void anAnswerThatDoesNotDecodeIsUnreadable() {
    EvmRead.Erc20Decimals decimals = new EvmRead.Erc20Decimals(TOKEN);

    assertThat(ReadOutcomes.of(Map.of(decimals, ReadOutcome.data(Bytes.EMPTY))).reading(decimals))
        .isInstanceOf(Reading.Unreadable.class);
    assertThat(ReadOutcomes.of(Map.of(decimals, ReadOutcome.data(word(256)))).reading(decimals))
        .isInstanceOf(Reading.Unreadable.class);
  }

  @Test
  void aRevertIsItsOwnReading() {
    EvmRead.Erc20Decimals decimals = new EvmRead.Erc20Decimals(TOKEN);

    assertThat(ReadOutcomes.of(Map.of(decimals, ReadOutcome.reverted())).reading(decimals))
        .isInstanceOf(Reading.Reverted.class);
  }

  @Test
  void refusesOutcomesTheirRequestCannotHave() {
    assertThatThrownBy(
            () ->
                ReadOutcomes.of(Map.of(new EvmRead.NativeBalance(WALLET), ReadOutcome.reverted())))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                ReadOutcomes.of(
                    Map.of(new EvmRead.Erc20Decimals(TOKEN), ReadOutcome.quantity(BigInteger.ONE))))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> ReadOutcomes.of(Map.of(new EvmRead.AccountCode(WALLET), ReadOutcome.reverted())))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aReadThatWasNeverReportedIsAProgrammingError() {
    assertThatThrownBy(() -> ReadOutcomes.none().reading(new EvmRead.NativeBalance(WALLET)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("no outcome was reported for");
  }

  @Test
  void answersEveryReadFromTheOutcomeOfItsRequest() {
    EvmRead.Erc20BalanceOf erc20 = new EvmRead.Erc20BalanceOf(TOKEN, WALLET);
    EvmRead.Erc721BalanceOf erc721 = new EvmRead.Erc721BalanceOf(TOKEN, WALLET);

    ReadOutcomes outcomes =
        ReadOutcomes.answering(
            List.of(erc20, erc721),
            request -> {
              assertThat(request).isEqualTo(erc20.request());
              return ReadOutcome.data(word(3));
            });

    assertThat(outcomes.reading(erc20)).isEqualTo(new Reading.Value<>(BigInteger.valueOf(3)));
    assertThat(outcomes.reading(erc721)).isEqualTo(new Reading.Value<>(BigInteger.valueOf(3)));
  }

  @Test
  void equalReadsAreEqualValues() {
    assertThat(new EvmRead.Erc20BalanceOf(TOKEN, WALLET))
        .isEqualTo(new EvmRead.Erc20BalanceOf(EvmAddress.of(TOKEN.lowercase()), WALLET));
    assertThat(new EvmRead.Erc20BalanceOf(TOKEN, WALLET).request())
        .isEqualTo(new EvmRead.Erc721BalanceOf(TOKEN, WALLET).request());
  }

  @Test
  void attestationUidReadsAreOneReadOnlyWithTheSameFunction() {
    Bytes32 schema = Bytes32.of(BigInteger.TEN);
    EvmRead.AttestationUid byIndexer =
        new EvmRead.AttestationUid(AttestationLookup.indexer(TOKEN), WALLET, schema);
    EvmRead.AttestationUid byResolver =
        new EvmRead.AttestationUid(AttestationLookup.passportResolver(TOKEN), WALLET, schema);

    assertThat(byIndexer)
        .isEqualTo(
            new EvmRead.AttestationUid(
                AttestationLookup.indexer(EvmAddress.of(TOKEN.lowercase())), WALLET, schema));
    assertThat(byIndexer).isNotEqualTo(byResolver);
    assertThat(byIndexer.request()).isNotEqualTo(byResolver.request());
    assertThat(new HashSet<>(List.of(byIndexer, byResolver, byIndexer))).hasSize(2);
  }
}
