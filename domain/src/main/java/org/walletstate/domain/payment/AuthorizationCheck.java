package org.walletstate.domain.payment;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;

/**
 * Whether an x402 EIP-3009 authorization pays what a quote asked, before anything is read on chain:
 * the signature recovers {@code from} under the quoted token's EIP-712 domain, {@code to} is the
 * quote's {@code payTo}, the value is at least the quoted amount, and the time window holds now.
 * The chain's part (the nonce unused, the payer's balance) is checked by the application.
 */
public final class AuthorizationCheck {

  private AuthorizationCheck() {}

  /**
   * What one accepted entry of the quote asks.
   *
   * @param domain the quoted token's EIP-712 domain ({@code extra.name}, {@code extra.version})
   * @param payTo the quote's receiving address
   * @param amount the quoted amount, atomic units
   */
  public record Terms(
      TransferAuthorization.TokenDomain domain, EvmAddress payTo, BigInteger amount) {
    public Terms {
      Objects.requireNonNull(domain, "domain");
      Objects.requireNonNull(payTo, "payTo");
      Objects.requireNonNull(amount, "amount");
    }
  }

  /** Why {@code authorization} does not pay {@code terms} at {@code now}; empty when it does. */
  public static Optional<String> problem(
      Terms terms, TransferAuthorization authorization, Instant now) {
    TransferAuthorization.TokenDomain domain = terms.domain();
    Optional<EvmAddress> signer = authorization.signer(domain);
    if (signer.isEmpty() || !signer.get().equals(authorization.from())) {
      return Optional.of(
          "the signature does not recover the payer "
              + authorization.from().checksummed()
              + " under the EIP-712 domain of "
              + domain.name()
              + " version "
              + domain.version()
              + " on chain "
              + domain.chainId());
    }
    // Messages alike by design: each refusal names what was sent and what the quote asked.
    if (!authorization.to().equals(terms.payTo())) {
      return Optional.of(
          "it pays "
              + authorization.to().checksummed()
              + ", not the quoted payTo "
              + terms.payTo().checksummed());
    }
    if (authorization.value().compareTo(terms.amount()) < 0) {
      return Optional.of(
          "it authorizes "
              + authorization.value()
              + " atomic units, less than the quoted "
              + terms.amount());
    }
    BigInteger seconds = BigInteger.valueOf(now.getEpochSecond());
    if (seconds.compareTo(authorization.validAfter()) <= 0) {
      return Optional.of("it is not valid before " + authorization.validAfter() + " (unix time)");
    }
    if (seconds.compareTo(authorization.validBefore()) >= 0) {
      return Optional.of("it expired at " + authorization.validBefore() + " (unix time)");
    }
    return Optional.empty();
  }

  /**
   * Why {@code authorization}'s validity does not fit a paid call arriving at {@code now}; empty
   * when it does. It must stay valid for at least {@code least} (the work and its settlement fit
   * before it expires, so it is never sent to expire on the way) and for at most {@code longest}
   * (an authorization does not stay spendable long after the call it paid for).
   */
  public static Optional<String> window(
      TransferAuthorization authorization, Instant now, Duration least, Duration longest) {
    BigInteger left =
        authorization.validBefore().subtract(BigInteger.valueOf(now.getEpochSecond()));
    if (left.compareTo(BigInteger.valueOf(least.toSeconds())) < 0) {
      return Optional.of(
          "it expires at "
              + authorization.validBefore()
              + " (unix time), in "
              + left.max(BigInteger.ZERO)
              + " s; it must stay valid for at least "
              + least.toSeconds()
              + " s after it arrives (sign it for the quote's maxTimeoutSeconds)");
    }
    if (left.compareTo(BigInteger.valueOf(longest.toSeconds())) > 0) {
      return Optional.of(
          "it stays valid until "
              + authorization.validBefore()
              + " (unix time), longer than the "
              + longest.toSeconds()
              + " s this service takes; sign it for the quote's maxTimeoutSeconds");
    }
    return Optional.empty();
  }
}
