package org.walletstate.domain.commerce.discount;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.TxHash;

/**
 * The payer proof's text rules, before any signature is checked (signatures by wallets' own
 * libraries are checked over HTTP in {@code PaymentConfirmTest}): every line must name this
 * service, code, transaction and chain, and its time must be recent.
 */
class PayerProofTest {

  static final String HOST = "api.example.com";
  static final DiscountCode CODE = new DiscountCode("SVC-7K2QM");
  static final Instant NOW = Instant.parse("2026-11-28T01:00:00Z");
  static final Payment PAYMENT =
      new Payment(
          new ChainId.Evm(8453),
          new TxHash("0x" + "ab".repeat(32)),
          EvmAddress.of("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
          "USDC",
          BigInteger.TEN,
          BigDecimal.TEN);

  static Optional<String> problem(String message) {
    return new PayerProof(message, "0x" + "11".repeat(65)).problem(HOST, CODE, PAYMENT, NOW);
  }

  static String text(Instant issuedAt) {
    return PayerProof.text(HOST, CODE, PAYMENT, issuedAt);
  }

  @Test
  void theDocumentedText_passesEveryLine_andOnlyTheSignatureIsLeft() {
    assertThat(text(NOW))
        .isEqualTo(
            "Payment confirmation for api.example.com\nCode: SVC-7K2QM\nTransaction: 0x"
                + "ab".repeat(32)
                + "\nChain: 8453\nIssued At: 2026-11-28T01:00:00.000Z");
    assertThat(problem(text(NOW))).hasValueSatisfying(p -> assertThat(p).contains("not signed"));
  }

  @Test
  void anotherServiceCodeTransactionOrChain_isNamed() {
    assertThat(problem(text(NOW).replace(HOST, "evil.example")))
        .hasValueSatisfying(p -> assertThat(p).contains("another service"));
    assertThat(problem(text(NOW).replace("SVC-7K2QM", "SVC-22222")))
        .hasValueSatisfying(p -> assertThat(p).contains("another code"));
    assertThat(problem(text(NOW).replace("ab".repeat(32), "cd".repeat(32))))
        .hasValueSatisfying(p -> assertThat(p).contains("another tx"));
    assertThat(problem(text(NOW).replace("Chain: 8453", "Chain: 1")))
        .hasValueSatisfying(p -> assertThat(p).contains("another chain"));
  }

  @Test
  void otherShapes_signInMessages_andTimes_areRefused() {
    assertThat(problem(text(NOW) + "\n"))
        .hasValueSatisfying(p -> assertThat(p).contains("five-line"));
    assertThat(problem(text(NOW).replace("\n", "\r\n")))
        .hasValueSatisfying(p -> assertThat(p).contains("five-line"));
    assertThat(
            problem(
                "api.example.com wants you to sign in with your Ethereum account:\n"
                    + "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n\nURI: https://api.example.com\n"
                    + "Version: 1"))
        .hasValueSatisfying(p -> assertThat(p).contains("no \"Payment confirmation for\" line"));
    assertThat(problem(text(NOW.minus(Duration.ofMinutes(11)))))
        .hasValueSatisfying(p -> assertThat(p).contains("sign a new one"));
    assertThat(problem(text(NOW.plus(Duration.ofMinutes(2)))))
        .hasValueSatisfying(p -> assertThat(p).contains("future"));
    assertThat(problem(text(NOW).replace("2026-11-28T01:00:00.000Z", "yesterday")))
        .hasValueSatisfying(p -> assertThat(p).contains("RFC 3339"));
  }
}
