package org.walletstate.domain.payment.payer;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.payment.Payment;

/**
 * The rules a {@link SenderProof} must meet to claim a verified payment, in order: the message is
 * exactly the {@link ClaimMessage} of this service, purpose, chain and transaction (with the
 * caller's own {@code Issued At}); {@code Issued At} is at most {@link #WINDOW} old and at most
 * {@link #SKEW} ahead; the signature is the payment's sender's ({@link SenderSignatures}). The
 * proof's single use follows from its transaction: a transaction credits once, ever.
 */
public final class SenderProofCheck {

  /** How old a proof may be. */
  public static final Duration WINDOW = Duration.ofMinutes(10);

  /** How far ahead of the service's clock Issued At may be. */
  public static final Duration SKEW = Duration.ofSeconds(60);

  /** The longest piece of the caller's text echoed in a refusal. */
  private static final int ECHO = 100;

  private SenderProofCheck() {}

  /** Empty when the proof holds; else the reason it does not, for the answer. */
  public static Optional<String> refusal(
      SenderProof proof, Payment payment, ClaimPurpose purpose, String domain, Instant now) {
    List<String> sent = List.of(proof.message().split("\n", -1));
    String last = sent.get(sent.size() - 1);
    if (!last.startsWith(ClaimMessage.ISSUED_AT)) {
      return Optional.of("the message's last line must be 'Issued At: <RFC 3339 time>'");
    }
    String issuedText = last.substring(ClaimMessage.ISSUED_AT.length());
    Instant issuedAt;
    try {
      issuedAt = OffsetDateTime.parse(issuedText).toInstant();
    } catch (DateTimeParseException e) {
      return Optional.of("Issued At is not an RFC 3339 time");
    }
    List<String> expected =
        ClaimMessage.lines(domain, purpose, payment.chain(), payment.hash(), issuedText);
    for (int i = 0; i < expected.size(); i++) {
      String line = i < sent.size() ? sent.get(i) : "";
      if (!line.equals(expected.get(i))) {
        return Optional.of(
            "line "
                + (i + 1)
                + " of the message is '"
                + cut(line)
                + "' where this claim needs '"
                + cut(expected.get(i))
                + "'");
      }
    }
    if (sent.size() != expected.size()) {
      return Optional.of("the message has lines after Issued At");
    }
    if (issuedAt.isBefore(now.minus(WINDOW))) {
      return Optional.of("Issued At is more than 10 minutes old; sign a new message");
    }
    if (issuedAt.isAfter(now.plus(SKEW))) {
      return Optional.of("Issued At is in the future");
    }
    if (!SenderSignatures.signedBy(payment.sender(), proof.message(), proof.signature())) {
      return Optional.of(
          "the signature is not "
              + payment.sender().text()
              + "'s (the payment's sender) signature of the message");
    }
    return Optional.empty();
  }

  private static String cut(String text) {
    String printable = text.replaceAll("[^\\x20-\\x7e]", "?");
    return printable.length() <= ECHO ? printable : printable.substring(0, ECHO) + "…";
  }
}
