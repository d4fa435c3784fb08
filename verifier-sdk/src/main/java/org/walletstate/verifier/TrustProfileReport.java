package org.walletstate.verifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every verdict on one trust profile. A trust profile is signed whole, so there is no separate
 * condition-hash verdict: its per-check hashes are inside the signature.
 */
public final class TrustProfileReport {

  private final Verdict structure;
  private final Verdict signature;
  private final Verdict freshness;
  private final Verdict expiry;
  private final PqVerdict pq;
  private final String kid;

  TrustProfileReport(
      Verdict structure,
      Verdict signature,
      Verdict freshness,
      Verdict expiry,
      PqVerdict pq,
      String kid) {
    this.structure = structure;
    this.signature = signature;
    this.freshness = freshness;
    this.expiry = expiry;
    this.pq = pq;
    this.kid = kid;
  }

  static TrustProfileReport malformed(String reason) {
    Verdict skipped = Verdict.fail("not checked: " + reason);
    return new TrustProfileReport(
        Verdict.fail(reason),
        skipped,
        skipped,
        skipped,
        new PqVerdict(PqStatus.UNVERIFIABLE, false, "not checked: " + reason, null, null),
        null);
  }

  public boolean valid() {
    return failedChecks().isEmpty();
  }

  public List<Check> failedChecks() {
    List<Check> failed = new ArrayList<>();
    if (!structure.passed()) {
      failed.add(Check.STRUCTURE);
    }
    if (!signature.passed()) {
      failed.add(Check.SIGNATURE);
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
    return failed;
  }

  public Verdict structure() {
    return structure;
  }

  public Verdict signature() {
    return signature;
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

  public Optional<String> kid() {
    return Optional.ofNullable(kid);
  }

  String reasonOf(Check check) {
    return switch (check) {
      case STRUCTURE -> structure.reason().orElse("");
      case SIGNATURE -> signature.reason().orElse("");
      case FRESHNESS -> freshness.reason().orElse("");
      case EXPIRY -> expiry.reason().orElse("");
      case PQ -> pq.reason().orElse(pq.status().wireName());
      case CONDITION_HASHES, JWT -> "";
    };
  }

  @Override
  public String toString() {
    return "signature "
        + signature
        + "; freshness "
        + freshness
        + "; expiry "
        + expiry
        + "; pq "
        + pq;
  }
}
