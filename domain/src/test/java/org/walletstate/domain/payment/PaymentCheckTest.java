package org.walletstate.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;

class PaymentCheckTest {

  static final EvmAddress USDC = EvmAddress.of("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  static final EvmAddress USDT = EvmAddress.of("0xdAC17F958D2ee523a2206206994597C13D831ec7");
  static final EvmAddress OTHER = EvmAddress.of("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512");
  static final EvmAddress SERVICE = EvmAddress.of("0x1111111111111111111111111111111111111111");
  static final EvmAddress PAYER = EvmAddress.of("0x2222222222222222222222222222222222222222");
  static final EvmAddress STRANGER = EvmAddress.of("0x3333333333333333333333333333333333333333");
  static final TxHash TX = new TxHash("0x" + "ab".repeat(32));
  static final PaymentChain BASE =
      new PaymentChain(
          ChainId.evm(8453),
          SERVICE,
          List.of(new PaymentToken("USDC", USDC, 6), new PaymentToken("USDT", USDT, 6)),
          3);

  static TransferReceipt.Log transfer(EvmAddress token, EvmAddress from, EvmAddress to, long raw) {
    return new TransferReceipt.Log(
        token,
        List.of(PaymentCheck.TRANSFER_TOPIC, Bytes32.of(from), Bytes32.of(to)),
        Bytes32.of(BigInteger.valueOf(raw)).bytes());
  }

  static TransferReceipt receipt(boolean ok, TransferReceipt.Log... logs) {
    return new TransferReceipt(TX, ok, 100, List.of(logs));
  }

  static PaymentVerdict check(TransferReceipt receipt, long head, String declared) {
    return PaymentCheck.check(
        BASE, receipt, head, Optional.ofNullable(declared).map(BigDecimal::new));
  }

  static String rejection(PaymentVerdict verdict) {
    assertThat(verdict).isInstanceOf(PaymentVerdict.Rejected.class);
    return ((PaymentVerdict.Rejected) verdict).reason();
  }

  @Test
  void acceptsAUsdcTransferToTheServiceWithTheSenderAndAmountFromTheLog() {
    PaymentVerdict verdict =
        check(receipt(true, transfer(USDC, PAYER, SERVICE, 25_500_000)), 102, "25.5");
    Payment payment = ((PaymentVerdict.Accepted) verdict).payment();
    assertThat(payment.sender()).isEqualTo(PAYER);
    assertThat(payment.raw()).isEqualTo(BigInteger.valueOf(25_500_000));
    assertThat(payment.usd()).isEqualByComparingTo("25.5");
    assertThat(payment.token()).isEqualTo("USDC");
    assertThat(payment.hash()).isEqualTo(TX);
  }

  @Test
  void acceptsUsdtWhereTheChainAllowsIt() {
    PaymentVerdict verdict =
        check(receipt(true, transfer(USDT, PAYER, SERVICE, 5_000_000)), 200, "5");
    assertThat(((PaymentVerdict.Accepted) verdict).payment().token()).isEqualTo("USDT");
  }

  @Test
  void refusesAReverted() {
    assertThat(
            rejection(check(receipt(false, transfer(USDC, PAYER, SERVICE, 9_000_000)), 200, "9")))
        .contains("reverted");
  }

  @Test
  void refusesAWrongRecipientNamingBoth() {
    assertThat(
            rejection(check(receipt(true, transfer(USDC, PAYER, STRANGER, 9_000_000)), 200, "9")))
        .contains("not to the service's receiving address")
        .contains(STRANGER.checksummed());
  }

  @Test
  void refusesAWrongToken() {
    assertThat(
            rejection(check(receipt(true, transfer(OTHER, PAYER, SERVICE, 9_000_000)), 200, "9")))
        .contains("not a payment token on chain 8453");
  }

  @Test
  void refusesAnUnderpaymentAndAMismatchedDeclaredAmount() {
    assertThat(
            rejection(check(receipt(true, transfer(USDC, PAYER, SERVICE, 4_990_000)), 200, null)))
        .contains("pays 4.99 USDC; the minimum purchase is 5 USD");
    assertThat(
            rejection(check(receipt(true, transfer(USDC, PAYER, SERVICE, 9_000_000)), 200, "10")))
        .contains("amount 10 does not match the 9 USDC");
  }

  @Test
  void refusesTooFewConfirmations() {
    assertThat(rejection(check(receipt(true, transfer(USDC, PAYER, SERVICE, 9_000_000)), 101, "9")))
        .contains("has 2 of the 3 confirmations");
    assertThat(check(receipt(true, transfer(USDC, PAYER, SERVICE, 9_000_000)), 102, "9"))
        .isInstanceOf(PaymentVerdict.Accepted.class);
  }

  @Test
  void sumsTransfersFromOneSenderAndRefusesMixedSendersOrTokens() {
    PaymentVerdict summed =
        check(
            receipt(
                true,
                transfer(USDC, PAYER, SERVICE, 3_000_000),
                transfer(USDC, PAYER, SERVICE, 3_000_000)),
            200,
            "6");
    assertThat(((PaymentVerdict.Accepted) summed).payment().usd()).isEqualByComparingTo("6");
    assertThat(
            rejection(
                check(
                    receipt(
                        true,
                        transfer(USDC, PAYER, SERVICE, 3_000_000),
                        transfer(USDC, STRANGER, SERVICE, 3_000_000)),
                    200,
                    "6")))
        .contains("more than one sender");
    assertThat(
            rejection(
                check(
                    receipt(
                        true,
                        transfer(USDC, PAYER, SERVICE, 3_000_000),
                        transfer(USDT, PAYER, SERVICE, 3_000_000)),
                    200,
                    "6")))
        .contains("more than one token");
  }

  @Test
  void ignoresLogsThatAreNotTransfers() {
    TransferReceipt.Log approval =
        new TransferReceipt.Log(
            USDC,
            List.of(Bytes32.of(BigInteger.ONE), Bytes32.of(PAYER), Bytes32.of(SERVICE)),
            Bytes32.of(BigInteger.valueOf(9_000_000)).bytes());
    assertThat(rejection(check(receipt(true, approval), 200, "9"))).contains("holds no transfer");
    TransferReceipt.Log nft =
        new TransferReceipt.Log(
            USDC,
            List.of(
                PaymentCheck.TRANSFER_TOPIC, Bytes32.of(PAYER), Bytes32.of(SERVICE), Bytes32.ZERO),
            Bytes.EMPTY);
    assertThat(rejection(check(receipt(true, nft), 200, "9"))).contains("holds no transfer");
  }

  @Test
  void volumeRatesAndTheFlatRate() {
    assertThat(CreditRate.VOLUME.credits(new BigDecimal("5"))).isEqualTo(125);
    assertThat(CreditRate.VOLUME.credits(new BigDecimal("99.99"))).isEqualTo(2499);
    assertThat(CreditRate.VOLUME.credits(new BigDecimal("100"))).isEqualTo(3300);
    assertThat(CreditRate.VOLUME.credits(new BigDecimal("499"))).isEqualTo(16467);
    assertThat(CreditRate.VOLUME.credits(new BigDecimal("500"))).isEqualTo(25000);
    assertThat(CreditRate.FLAT_25.credits(new BigDecimal("500"))).isEqualTo(12500);
    assertThatThrownBy(() -> CreditRate.VOLUME.credits(new BigDecimal("4.99")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
