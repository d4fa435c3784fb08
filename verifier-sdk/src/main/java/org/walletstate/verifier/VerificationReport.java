package org.walletstate.verifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every verdict on one attestation, each computed on its own: a failure of one never hides another.
 * {@link #valid()} is their conjunction. A report is evidence about an artifact, not the artifact:
 * read signed content only from a {@link VerifiedAttestation}.
 */
public final class VerificationReport {

  private final Verdict structure;
  private final Verdict signature;
  private final Verdict conditionHashes;
  private final List<Integer> conditionHashFailures;
  private final Verdict freshness;
  private final Verdict expiry;
  private final PqVerdict pq;
  private final JwtVerdict jwt;
  private final String kid;

  VerificationReport(
      Verdict structure,
      Verdict signature,
      Verdict conditionHashes,
      List<Integer> conditionHashFailures,
      Verdict freshness,
      Verdict expiry,
      PqVerdict pq,
      JwtVerdict jwt,
      String kid) {
    this.structure = structure;
    this.signature = signature;
    this.conditionHashes = conditionHashes;
    this.conditionHashFailures = List.copyOf(conditionHashFailures);
    this.freshness = freshness;
    this.expiry = expiry;
    this.pq = pq;
    this.jwt = jwt;
    this.kid = kid;
  }

  /** A report for input that never reached the checks: every verdict failed with {@code reason}. */
  static VerificationReport malformed(String reason) {
    Verdict failed = Verdict.fail(reason);
    Verdict skipped = Verdict.fail("not checked: " + reason);
    return new VerificationReport(
        failed,
        skipped,
        skipped,
        List.of(),
        skipped,
        skipped,
        new PqVerdict(PqStatus.UNVERIFIABLE, false, "not checked: " + reason, null, null),
        null,
        null);
  }

  /** True only when every check passed. */
  public boolean valid() {
    return failedChecks().isEmpty();
  }

  /** The checks that failed, in {@link Check} order. */
  public List<Check> failedChecks() {
    List<Check> failed = new ArrayList<>();
    if (!structure.passed()) {
      failed.add(Check.STRUCTURE);
    }
    if (!signature.passed()) {
      failed.add(Check.SIGNATURE);
    }
    if (!conditionHashes.passed()) {
      failed.add(Check.CONDITION_HASHES);
    }
    if (!freshness.passed()) {
      failed.add(Check.FRESHNESS);
    }
    if (!expiry.passed()) {
      failed.add(Check.EXPIRY);
    }
    if (!pq.passed()) {
      failed.add(Check.PQ);
    }
    if (jwt != null && !jwt.passed()) {
      failed.add(Check.JWT);
    }
    return failed;
  }

  /** Whether the input had the shape of a response at all. */
  public Verdict structure() {
    return structure;
  }

  public Verdict signature() {
    return signature;
  }

  public Verdict conditionHashes() {
    return conditionHashes;
  }

  /** Indexes of the results whose condition hash is missing or does not match. */
  public List<Integer> conditionHashFailures() {
    return conditionHashFailures;
  }

  public Verdict freshness() {
    return freshness;
  }

  public Verdict expiry() {
    return expiry;
  }

  public PqVerdict pq() {
    return pq;
  }

  /** Present only when a raw response also carried {@code jwt} or {@code pqJwt}. */
  public Optional<JwtVerdict> jwt() {
    return Optional.ofNullable(jwt);
  }

  /** The classical kid the artifact named, if any. */
  public Optional<String> kid() {
    return Optional.ofNullable(kid);
  }

  /** The reason of the first failed check, for messages. */
  String reasonOf(Check check) {
    return switch (check) {
      case STRUCTURE -> structure.reason().orElse("");
      case SIGNATURE -> signature.reason().orElse("");
      case CONDITION_HASHES -> conditionHashes.reason().orElse("");
      case FRESHNESS -> freshness.reason().orElse("");
      case EXPIRY -> expiry.reason().orElse("");
      case PQ -> pq.reason().orElse(pq.status().wireName());
      case JWT -> jwt == null ? "" : jwt.reason().orElse("");
    };
  }

  @Override
  public String toString() {
    return "signature "
        + signature
        + "; conditionHashes "
        + conditionHashes
        + "; freshness "
        + freshness
        + "; expiry "
        + expiry
        + "; pq "
        + pq
        + (jwt == null ? "" : "; jwt " + jwt);
  }
}
