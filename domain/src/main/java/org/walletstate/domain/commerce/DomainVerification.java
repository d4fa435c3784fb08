package org.walletstate.domain.commerce;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import org.walletstate.domain.WireName;

/**
 * The domain-verification state of a store: unverified, token issued (after POST), verified (a
 * check found the token, or a partner key vouched for the domain). Each POST issues a fresh token.
 * Checks are limited per store: {@link #MAX_CHECKS} in a window of {@link #WINDOW} from the first
 * check of the window.
 *
 * @param status where the store stands
 * @param domain the domain being or been verified
 * @param token the current token (while issued, and kept once verified by a check)
 * @param method how it was verified
 * @param verifiedAt when
 * @param windowStart the start of the current check window
 * @param checksInWindow checks made in it
 */
public record DomainVerification(
    Status status,
    Optional<DomainName> domain,
    Optional<String> token,
    Optional<Method> method,
    Optional<Instant> verifiedAt,
    Optional<Instant> windowStart,
    int checksInWindow) {

  public static final int MAX_CHECKS = 5;
  public static final Duration WINDOW = Duration.ofHours(1);

  public static final DomainVerification NONE =
      new DomainVerification(
          Status.UNVERIFIED,
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          0);

  /** The states. */
  public enum Status implements WireName {
    UNVERIFIED,
    TOKEN_ISSUED,
    VERIFIED;

    public static Status fromWireName(String text) {
      return valueOf(text.toUpperCase(Locale.ROOT));
    }
  }

  /** How a domain was verified. */
  public enum Method implements WireName {
    DNS,
    META,
    FILE,
    PARTNER;

    public static Method fromWireName(String text) {
      return valueOf(text.toUpperCase(Locale.ROOT));
    }
  }

  public boolean verified() {
    return status == Status.VERIFIED;
  }

  /** POST: a fresh token for {@code domain}; the check window carries over. */
  public DomainVerification issue(DomainName forDomain, String freshToken) {
    return new DomainVerification(
        Status.TOKEN_ISSUED,
        Optional.of(forDomain),
        Optional.of(freshToken),
        Optional.empty(),
        Optional.empty(),
        windowStart,
        checksInWindow);
  }

  /** The outcome of asking to run a check. */
  public sealed interface Admission {
    /** The check may run; {@code after} counts it; {@code remaining} checks are left after it. */
    record Admitted(DomainVerification after, int remaining) implements Admission {}

    /** Too many checks; the next is allowed in {@code retryAfterSeconds}. */
    record Limited(long retryAfterSeconds) implements Admission {}
  }

  /** Counts one check at {@code now}, or refuses it when the window's checks are used up. */
  public Admission admit(Instant now) {
    boolean fresh = windowStart.isEmpty() || !now.isBefore(windowStart.get().plus(WINDOW));
    Instant start = fresh ? now : windowStart.get();
    int used = fresh ? 0 : checksInWindow;
    if (used >= MAX_CHECKS) {
      Duration left = Duration.between(now, start.plus(WINDOW));
      long seconds = left.getSeconds() + (left.getNano() > 0 ? 1 : 0);
      return new Admission.Limited(Math.max(1, seconds));
    }
    return new Admission.Admitted(
        new DomainVerification(
            status, domain, token, method, verifiedAt, Optional.of(start), used + 1),
        MAX_CHECKS - used - 1);
  }

  /**
   * A check found {@code foundToken} by {@code how}. It counts only when the token is still the
   * current one (a POST in between issued another).
   */
  public Optional<DomainVerification> found(String foundToken, Method how, Instant now) {
    if (status != Status.TOKEN_ISSUED || token.isEmpty() || !token.get().equals(foundToken)) {
      return Optional.empty();
    }
    return Optional.of(
        new DomainVerification(
            Status.VERIFIED,
            domain,
            token,
            Optional.of(how),
            Optional.of(now),
            windowStart,
            checksInWindow));
  }

  /** A partner key vouches that it verified {@code forDomain} in its own flow. */
  public DomainVerification byPartner(DomainName forDomain, Instant now) {
    return new DomainVerification(
        Status.VERIFIED,
        Optional.of(forDomain),
        Optional.empty(),
        Optional.of(Method.PARTNER),
        Optional.of(now),
        windowStart,
        checksInWindow);
  }
}
