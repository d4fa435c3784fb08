package org.walletstate.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;

/** Bitcoin payments: the txid form, the BTC/USD conversion and its rounding, and the rules. */
class BitcoinPaymentTest {

  static final ChainId BITCOIN = ChainId.named("bitcoin");
  static final BitcoinAddress SERVICE = BitcoinAddress.of("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
  static final BitcoinAddress PAYER = BitcoinAddress.of("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2");
  static final BitcoinAddress OTHER =
      BitcoinAddress.of("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
  static final PaymentChain RULES =
      new PaymentChain(BITCOIN, SERVICE, PaymentTokens.production().get(BITCOIN), 3);
  static final TxHash TX = TxHash.parse("Ab".repeat(32), "txHash", ChainFamily.BITCOIN);
  static final Instant NOW = Instant.parse("2026-11-25T06:00:00Z");

  /** 60 000 USD per BTC, as Chainlink's 8-decimal feed answers it, read at block 21 000 000. */
  static UsdRate rate(String usdPerBtc) {
    return new UsdRate(
        "BTC/USD",
        new BigDecimal(usdPerBtc).movePointRight(8).toBigIntegerExact(),
        8,
        NOW.minusSeconds(600),
        21_000_000);
  }

  static ChainTransfers paid(long block, ChainTransfers.Transfer... transfers) {
    return new ChainTransfers(TX, Optional.empty(), block, List.of(transfers));
  }

  static ChainTransfers.Transfer sats(BitcoinAddress from, BitcoinAddress to, long sats) {
    return new ChainTransfers.Transfer(NativeCoin.BTC, from, to, BigInteger.valueOf(sats));
  }

  static String reason(PaymentVerdict verdict) {
    return ((PaymentVerdict.Rejected) verdict).reason();
  }

  @Test
  void theTxidIs64HexDigits_withoutAPrefix() {
    assertThat(TX.text()).isEqualTo("ab".repeat(32));
    assertThatThrownBy(() -> TxHash.parse("0x" + "ab".repeat(32), "txHash", ChainFamily.BITCOIN))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("is not a bitcoin transaction id (64 hex digits)");
    assertThatThrownBy(() -> TxHash.parse("ab".repeat(31), "txHash", ChainFamily.BITCOIN))
        .isInstanceOf(ValidationException.class);
  }

  @Test
  void usdIsSatsTimesTheRate_truncatedDownToWholeCents() {
    // 0.00041666 BTC at 60 000 = 24.9996 USD: credited as 24.99, never rounded up to 25
    assertThat(rate("60000").usd(BigInteger.valueOf(41_666), 8)).isEqualByComparingTo("24.99");
    // exact values keep their cents
    assertThat(rate("60000").usd(BigInteger.valueOf(50_000), 8)).isEqualByComparingTo("30.00");
    // a fractional rate: 1 sat at 87 123.45678901 USD is 0.00087... USD, which truncates to 0
    assertThat(rate("87123.45678901").usd(BigInteger.ONE, 8)).isEqualByComparingTo("0");
    assertThat(rate("87123.45678901").usd(BigInteger.valueOf(100_000_000), 8))
        .isEqualByComparingTo("87123.45");
    assertThat(rate("60000").usdPerCoin()).isEqualByComparingTo("60000");
    assertThat(rate("60000").usd(BigInteger.valueOf(41_666), 8).scale()).isEqualTo(2);
  }

  @Test
  void anAnswerOlderThanTheBound_isStale() {
    UsdRate read = rate("60000"); // updated 10 minutes before NOW
    assertThat(read.staleAt(NOW, Duration.ofMinutes(10))).isFalse();
    assertThat(read.staleAt(NOW, Duration.ofMinutes(9))).isTrue();
    assertThatThrownBy(() -> new UsdRate("BTC/USD", BigInteger.ZERO, 8, NOW, 1)) // not a price
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aValidPayment_isValuedAtTheRate_andCreditsTheVolumeRate() {
    PaymentVerdict verdict =
        PaymentCheck.check(
            RULES,
            paid(100, sats(PAYER, SERVICE, 41_666), sats(PAYER, PAYER, 90_000)),
            102,
            Optional.empty(),
            Optional.of(rate("60000")));
    Payment payment = ((PaymentVerdict.Accepted) verdict).payment();
    assertThat(payment.sender()).isEqualTo(PAYER);
    assertThat(payment.token()).isEqualTo("BTC");
    assertThat(payment.raw()).isEqualTo(41_666);
    assertThat(payment.usd()).isEqualByComparingTo("24.99");
    // 24.99 USD at 25 credits per USD = 624.75, rounded down
    assertThat(CreditRate.VOLUME.credits(payment.usd())).isEqualTo(624);
  }

  @Test
  void outputsToTheServiceAreSummed_andTheDeclaredAmountIsNotCompared() {
    PaymentVerdict verdict =
        PaymentCheck.check(
            RULES,
            paid(100, sats(PAYER, SERVICE, 10_000), sats(PAYER, SERVICE, 10_000)),
            102,
            Optional.of(new BigDecimal("999")),
            Optional.of(rate("60000")));
    assertThat(((PaymentVerdict.Accepted) verdict).payment().usd().toPlainString()).isEqualTo("12");
  }

  @Test
  void refusals_nameWhatIsWrong() {
    Optional<UsdRate> rate = Optional.of(rate("60000"));
    assertThat(
            reason(
                PaymentCheck.check(
                    RULES, paid(100, sats(PAYER, OTHER, 50_000)), 102, Optional.empty(), rate)))
        .contains("transfers BTC to " + OTHER.text())
        .contains("not to the service's receiving address " + SERVICE.text());
    // below 5 USD after conversion: 8 332 sats = 4.9992 USD
    assertThat(
            reason(
                PaymentCheck.check(
                    RULES, paid(100, sats(PAYER, SERVICE, 8_332)), 102, Optional.empty(), rate)))
        .contains("pays 0.00008332 BTC (4.99 USD at 60000 BTC/USD, block 21000000)")
        .contains("the minimum purchase is 5 USD");
    // two confirmations of three
    assertThat(
            reason(
                PaymentCheck.check(
                    RULES, paid(101, sats(PAYER, SERVICE, 50_000)), 102, Optional.empty(), rate)))
        .contains("has 2 of the 3 confirmations chain bitcoin requires");
    // an output from each of two input addresses: no single sender
    assertThat(
            reason(
                PaymentCheck.check(
                    RULES,
                    paid(100, sats(PAYER, SERVICE, 50_000), sats(OTHER, SERVICE, 50_000)),
                    102,
                    Optional.empty(),
                    rate)))
        .contains("pays from more than one sender");
  }

  @Test
  void aCoinWithoutARate_isAProgrammingError() {
    assertThatThrownBy(
            () ->
                PaymentCheck.check(
                    RULES, paid(100, sats(PAYER, SERVICE, 50_000)), 102, Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("needs a rate");
  }
}
