package org.walletstate.verifier;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Verifies signed attestations and trust profiles offline against a key set.
 *
 * <pre>{@code
 * AttestationVerifier verifier =
 *     AttestationVerifier.builder(KeySet.parse(jwksJson)).maxAge(Duration.ofMinutes(5)).build();
 * VerifiedAttestation attestation = verifier.verify(responseJson); // or AttestationRejectedException
 * }</pre>
 *
 * <p>Defaults are the safe ones: namespace {@code service}, the system UTC clock, 60 s clock skew,
 * {@link Mode#ACCESS}. Set {@link Builder#pqRequiredFrom} to require the ML-DSA-65 companion from a
 * date of your choosing; nothing inside an artifact can move that date.
 *
 * <p>Every verdict is computed independently ({@link #report}); {@link #verify} returns content
 * only when all of them pass. Instances are immutable and safe to share between threads.
 */
public final class AttestationVerifier {

  /** Default allowance for clock differences on freshness and expiry. */
  public static final Duration DEFAULT_CLOCK_SKEW = Duration.ofSeconds(60);

  private final Policy policy;
  private final AttestationChecks attestations;
  private final TrustProfileChecks trustProfiles;
  private final PassChecks passes;
  private final DiscountVerificationChecks discounts;

  private AttestationVerifier(Policy policy) {
    this.policy = policy;
    this.attestations = new AttestationChecks(policy);
    this.trustProfiles = new TrustProfileChecks(policy);
    this.passes = new PassChecks(policy);
    this.discounts = new DiscountVerificationChecks(policy);
  }

  /** A builder verifying against {@code keys}, resolved by kid only. */
  public static Builder builder(KeySet keys) {
    return new Builder(keys);
  }

  /**
   * Every verdict on an attestation. Accepts the whole response ({@code {ok, data, meta}}), its
   * {@code data} object, a tokens-only {@code {data: {jwt, pqJwt}}} wrapper, or a bare compact JWT.
   */
  public VerificationReport report(String response) {
    Objects.requireNonNull(response, "response");
    return attestations.report(response);
  }

  /** Every verdict on a bare ES256 token and its (optional, may be null) ML-DSA-65 sibling. */
  public VerificationReport reportToken(String jwt, String pqJwt) {
    Objects.requireNonNull(jwt, "jwt");
    return attestations.reportToken(jwt, pqJwt).report();
  }

  /**
   * The attestation, when every check passes.
   *
   * @throws AttestationRejectedException naming the first check that failed
   */
  public VerifiedAttestation verify(String response) throws AttestationRejectedException {
    Objects.requireNonNull(response, "response");
    return accept(attestations.evaluate(response));
  }

  /** A bare ES256 token and its ML-DSA-65 sibling, when every check passes. */
  public VerifiedAttestation verifyToken(String jwt, String pqJwt)
      throws AttestationRejectedException {
    Objects.requireNonNull(jwt, "jwt");
    return accept(attestations.reportToken(jwt, pqJwt));
  }

  /** Every verdict on a trust profile ({@code {data: {trust, sig, kid, ...}}} or a batch entry). */
  public TrustProfileReport reportTrustProfile(String response) {
    Objects.requireNonNull(response, "response");
    return trustProfiles.evaluate(response).report();
  }

  /**
   * The trust profile, when every check passes.
   *
   * @throws StatementRejectedException naming the first check that failed
   */
  public VerifiedTrustProfile verifyTrustProfile(String response)
      throws StatementRejectedException {
    Objects.requireNonNull(response, "response");
    WholeStatementChecks.Outcome<TrustProfileReport> outcome =
        accepted(trustProfiles.evaluate(response));
    return new VerifiedTrustProfile(
        outcome.statement(),
        outcome.issuedAt(),
        outcome.expiresAt(),
        outcome.kid(),
        outcome.report());
  }

  /**
   * Every verdict on an in-store pass: an issued {@code {data: {pass, sig, kid, pqSig, pqKid}}},
   * its {@code data}, or the QR code's text ({@link PassCode}, whose companion reports absent).
   */
  public PassReport reportPass(String passOrCode) {
    Objects.requireNonNull(passOrCode, "passOrCode");
    return passOutcome(passOrCode).report();
  }

  /**
   * The pass, when every check passes. A pass lives at most 65 seconds after {@code issuedAt},
   * whatever {@link Builder#maxAge}.
   *
   * @throws StatementRejectedException naming the first check that failed
   */
  public VerifiedPass verifyPass(String passOrCode) throws StatementRejectedException {
    Objects.requireNonNull(passOrCode, "passOrCode");
    WholeStatementChecks.Outcome<PassReport> outcome = accepted(passOutcome(passOrCode));
    return new VerifiedPass(
        outcome.statement(),
        outcome.issuedAt(),
        outcome.expiresAt(),
        outcome.kid(),
        outcome.report());
  }

  private WholeStatementChecks.Outcome<PassReport> passOutcome(String passOrCode) {
    String text = passOrCode.strip();
    return text.startsWith(PassCode.PREFIX + ".")
        ? passes.evaluateCode(text)
        : passes.evaluate(text);
  }

  /**
   * Every verdict on a discount verification: a discount response ({@code {data: {verification}}}),
   * its {@code data}, or the {@code verification} block itself.
   */
  public DiscountVerificationReport reportDiscount(String response) {
    Objects.requireNonNull(response, "response");
    return discounts.evaluate(response).report();
  }

  /**
   * The discount verification, when every check passes.
   *
   * @throws StatementRejectedException naming the first check that failed
   */
  public VerifiedDiscount verifyDiscount(String response) throws StatementRejectedException {
    Objects.requireNonNull(response, "response");
    WholeStatementChecks.Outcome<DiscountVerificationReport> outcome =
        accepted(discounts.evaluate(response));
    return new VerifiedDiscount(
        outcome.statement(),
        outcome.issuedAt(),
        outcome.expiresAt(),
        outcome.kid(),
        outcome.report());
  }

  /** The outcome when every check passed; otherwise the first failed check, rejected. */
  private static <R extends StatementReport> WholeStatementChecks.Outcome<R> accepted(
      WholeStatementChecks.Outcome<R> outcome) throws StatementRejectedException {
    List<Check> failed = outcome.report().failedChecks();
    if (!failed.isEmpty()) {
      throw new StatementRejectedException(failed.get(0), outcome.report());
    }
    return outcome;
  }

  private static VerifiedAttestation accept(AttestationChecks.Outcome outcome)
      throws AttestationRejectedException {
    VerificationReport report = outcome.report();
    List<Check> failed = report.failedChecks();
    if (!failed.isEmpty()) {
      throw new AttestationRejectedException(failed.get(0), report);
    }
    return new VerifiedAttestation(
        outcome.id(),
        outcome.pass(),
        outcome.results(),
        outcome.attestedAt(),
        outcome.expiresAt(),
        outcome.kid(),
        outcome.subject(),
        report);
  }

  /** The settings this verifier checks under (for the SDK's own cross-checks). */
  Policy policy() {
    return policy;
  }

  /** The namespace this verifier reads kids and domain tags in. */
  public Namespace namespace() {
    return policy.namespace();
  }

  /** Settings; everything but the key set has a safe default. */
  public static final class Builder {
    private final KeySet keys;
    private Namespace namespace = Namespace.SERVICE;
    private Clock clock = Clock.systemUTC();
    private Duration maxAge;
    private Duration clockSkew = DEFAULT_CLOCK_SKEW;
    private Instant pqRequiredFrom;
    private Instant pqActivatedAt;
    private Mode mode = Mode.ACCESS;

    // Setters in the same shape as each other's and EnvelopeVerifier.Builder's by design: each
    // checks and holds one setting of the public API.
    private Builder(KeySet keys) {
      this.keys = Objects.requireNonNull(keys, "keys (use KeySet.empty() for none)");
    }

    /** The issuer's namespace word; {@code service} unless verifying a compatible issuer. */
    public Builder namespace(Namespace namespace) {
      this.namespace = Objects.requireNonNull(namespace, "namespace");
      return this;
    }

    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Maximum age of each EVM anchor's {@code blockTimestamp} (and of a trust profile's {@code
     * profiledAt}). Unset: freshness is not checked.
     */
    public Builder maxAge(Duration maxAge) {
      if (maxAge == null || maxAge.isNegative()) {
        throw new IllegalArgumentException("maxAge must be zero or positive: " + maxAge);
      }
      this.maxAge = maxAge;
      return this;
    }

    /** Allowance added to freshness and expiry limits; negative means zero. Default 60 s. */
    public Builder clockSkew(Duration clockSkew) {
      Objects.requireNonNull(clockSkew, "clockSkew");
      this.clockSkew = clockSkew.isNegative() ? Duration.ZERO : clockSkew;
      return this;
    }

    /**
     * From this instant on (by this verifier's clock), in {@link Mode#ACCESS}, an absent or
     * unverifiable companion fails. Unset: the companion is reported, never required.
     */
    public Builder pqRequiredFrom(Instant pqRequiredFrom) {
      this.pqRequiredFrom = Objects.requireNonNull(pqRequiredFrom, "pqRequiredFrom");
      return this;
    }

    /** The issuer's anchored companion-key date: enables {@code existedAtIssuance} reporting. */
    public Builder pqActivatedAt(Instant pqActivatedAt) {
      this.pqActivatedAt = Objects.requireNonNull(pqActivatedAt, "pqActivatedAt");
      return this;
    }

    public Builder mode(Mode mode) {
      this.mode = Objects.requireNonNull(mode, "mode");
      return this;
    }

    public AttestationVerifier build() {
      return new AttestationVerifier(
          new Policy(
              namespace, keys, clock, maxAge, clockSkew, pqRequiredFrom, pqActivatedAt, mode));
    }
  }
}
