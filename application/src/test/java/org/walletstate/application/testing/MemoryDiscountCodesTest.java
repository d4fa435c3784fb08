package org.walletstate.application.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.out.DiscountCodes.Bound;
import org.walletstate.application.commerce.port.out.DiscountCodes.NewCode;
import org.walletstate.application.commerce.port.out.DiscountCodes.Use;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.TxHash;

/** The shared discount-code fake keeps the confirmation rules of the port. */
class MemoryDiscountCodesTest {

  static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");
  static final Instant UNTIL = NOW.plusSeconds(3600);
  static final String WALLET = "0x2c7536e3605d9c16a7a3d7b1898e529396a65c23";

  final MemoryDiscountCodes codes = new MemoryDiscountCodes();

  static DiscountCode code(int n) {
    byte[] random = new byte[5];
    random[0] = (byte) n;
    return DiscountCode.fromRandom(random);
  }

  static Payment payment(char digit) {
    return new Payment(
        ChainId.evm(8453),
        new TxHash("0x" + String.valueOf(digit).repeat(64)),
        EvmAddress.of(WALLET),
        "USDC",
        BigInteger.valueOf(9_000_000),
        new BigDecimal("9"));
  }

  void issue(DiscountCode code) {
    IssuedCode issued =
        new IssuedCode(
            code,
            CompanyId.parse("acme"),
            10,
            NOW,
            NOW.plus(DiscountCode.VALIDITY),
            true,
            OptionalLong.of(9_000_000),
            Optional.empty());
    codes
        .issue(
            new NewCode(
                issued,
                7,
                8,
                List.of("evm:" + WALLET),
                Optional.empty(),
                "{}",
                0,
                "fingerprint-" + code.text(),
                NOW,
                Optional.empty(),
                NOW,
                Optional.empty(),
                Optional.of(10_000_000L)))
        .await()
        .indefinitely();
  }

  Use use(DiscountCode code, Payment payment, Instant at) {
    return codes.use(code, payment, at, UNTIL).await().indefinitely();
  }

  @Test
  void aCodeIsBoundToItsKeysAndWallet() {
    issue(code(1));

    Bound bound = codes.bound(code(1)).await().indefinitely().orElseThrow();

    assertThat(bound.ownerKeyId()).isEqualTo(7);
    assertThat(bound.issuerKeyId()).isEqualTo(8);
    assertThat(bound.evmWallet()).contains(WALLET);
    assertThat(bound.solanaWallet()).isEmpty();
    assertThat(codes.bound(code(2)).await().indefinitely()).isEmpty();
  }

  @Test
  void aCodeIsUsedOnce_itsPaymentReplays_andATransactionConfirmsOneCode() {
    issue(code(1));
    issue(code(2));

    assertThat(use(code(1), payment('a'), NOW)).isInstanceOf(Use.Used.class);
    assertThat(use(code(1), payment('a'), UNTIL.plusSeconds(1))).isInstanceOf(Use.Replayed.class);
    assertThat(use(code(1), payment('b'), NOW)).isInstanceOf(Use.AlreadyUsed.class);
    assertThat(use(code(2), payment('a'), NOW)).isInstanceOf(Use.PaymentTaken.class);
    assertThat(use(code(3), payment('c'), NOW)).isInstanceOf(Use.NotFound.class);
    assertThat(codes.find(code(1)).await().indefinitely().orElseThrow().usedAt()).contains(NOW);
  }

  @Test
  void noCodeIsConfirmedAfterItsWindow() {
    issue(code(1));

    assertThat(use(code(1), payment('a'), UNTIL)).isInstanceOf(Use.Expired.class);
    assertThat(use(code(1), payment('a'), NOW)).isInstanceOf(Use.Used.class);
  }
}
