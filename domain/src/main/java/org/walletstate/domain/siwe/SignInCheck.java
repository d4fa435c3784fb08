package org.walletstate.domain.siwe;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;

/**
 * The rules a signed EIP-4361 message must meet to sign a caller in: the service's domain, the
 * purpose it is checked for ({@link SignInPurpose}), a signature by the message's address, Issued
 * At within the window (and not ahead of the clock by more than the skew), an Expiration Time not
 * passed, a Not Before reached. The nonce's single use is the caller's to enforce (it needs
 * storage).
 */
public final class SignInCheck {

  /** How old Issued At may be. */
  public static final Duration WINDOW = Duration.ofMinutes(5);

  /** How far ahead of the service's clock Issued At may be (clocks differ a little). */
  public static final Duration SKEW = Duration.ofSeconds(30);

  /**
   * How long a used nonce stays recorded. A message is accepted only while its Issued At is at most
   * {@link #WINDOW} old, and it was used at most {@link #SKEW} before its Issued At, so {@code
   * WINDOW + SKEW} after its use no service clock that agrees with the one that recorded it accepts
   * the message again; the rest is a margin for replicas whose clocks differ.
   */
  public static final Duration NONCE_RETENTION = Duration.ofHours(1);

  private SignInCheck() {}

  /** The outcome. */
  public sealed interface Verdict {
    record SignedIn(SiweMessage message, EvmAddress wallet) implements Verdict {}

    /** Refused: {@code reason} says why. */
    record Refused(String reason) implements Verdict {}

    /**
     * Refused: the message is signed for another purpose. A value, not words: the adapter that
     * answers it describes each purpose by where the service takes it.
     */
    record OtherPurpose(PurposeMismatch mismatch) implements Verdict {}
  }

  /**
   * @param purpose what the message is checked for: one signed for another purpose is refused
   */
  public static Verdict check(
      String message, String signature, String domain, SignInPurpose purpose, Instant now) {
    SiweMessage parsed;
    try {
      parsed = SiweMessage.parse(message);
    } catch (SiweMessage.MalformedException e) {
      return new Verdict.Refused("the message is not an EIP-4361 message: " + e.getMessage());
    }
    if (!parsed.domain().equalsIgnoreCase(domain)) {
      return new Verdict.Refused(
          "the message is for domain " + parsed.domain() + ", not " + domain);
    }
    Optional<Verdict> wrongPurpose = purpose.problem(parsed);
    if (wrongPurpose.isPresent()) {
      return wrongPurpose.get();
    }
    if (parsed.issuedAt().isBefore(now.minus(WINDOW))) {
      return new Verdict.Refused("Issued At is more than 5 minutes old; sign a new message");
    }
    if (parsed.issuedAt().isAfter(now.plus(SKEW))) {
      return new Verdict.Refused("Issued At is in the future");
    }
    if (parsed.expirationTime().isPresent() && !parsed.expirationTime().get().isAfter(now)) {
      return new Verdict.Refused("the message expired (Expiration Time has passed)");
    }
    if (parsed.notBefore().isPresent() && parsed.notBefore().get().isAfter(now)) {
      return new Verdict.Refused("the message is not valid yet (Not Before)");
    }
    Optional<EvmAddress> signer = PersonalSign.signer(message, signature);
    if (signer.isEmpty() || !signer.get().equals(parsed.address())) {
      return new Verdict.Refused(
          "the signature is not a personal_sign of this message by "
              + parsed.address().checksummed());
    }
    return new Verdict.SignedIn(parsed, parsed.address());
  }
}
