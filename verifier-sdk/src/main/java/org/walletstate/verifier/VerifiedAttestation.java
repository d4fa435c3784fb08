package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An attestation whose every check passed. Only {@link AttestationVerifier} makes these, so holding
 * one means the content below was signed by the key its kid names and is inside its window.
 *
 * <p>What this does not tell you: the verdict ({@link #pass()} may be false, and that is a genuine
 * signed no), which predicate you needed (compare {@link VerifiedResult#evaluatedCondition()} or
 * its hash with your own; never trust labels), whose wallet (only {@link #subject()}, from a
 * verified JWT, names one), or whether it was already used (remember {@link #id()} until expiry).
 */
public final class VerifiedAttestation {

  private final String id;
  private final boolean pass;
  private final List<VerifiedResult> results;
  private final Instant attestedAt;
  private final Instant expiresAt;
  private final String kid;
  private final String subject;
  private final VerificationReport report;

  VerifiedAttestation(
      String id,
      boolean pass,
      JsonNode results,
      Instant attestedAt,
      Instant expiresAt,
      String kid,
      String subject,
      VerificationReport report) {
    this.id = id;
    this.pass = pass;
    List<VerifiedResult> list = new ArrayList<>(results.size());
    for (int i = 0; i < results.size(); i++) {
      list.add(new VerifiedResult(i, results.get(i)));
    }
    this.results = List.copyOf(list);
    // Same fields as PqVerdict's and StatementType's constructors by design: each public type holds
    // its own members.
    this.attestedAt = attestedAt;
    this.expiresAt = expiresAt;
    this.kid = kid;
    this.subject = subject;
    this.report = report;
  }

  /** The attestation id ({@code jti} on the token path): the replay key. */
  public String id() {
    return id;
  }

  /** True only when every condition was met. */
  public boolean pass() {
    return pass;
  }

  // Accessors in the same shape as VerifiedPass's and VerifiedDiscount's by design.
  public List<VerifiedResult> results() {
    return results;
  }

  public Instant attestedAt() {
    return attestedAt;
  }

  public Instant expiresAt() {
    return expiresAt;
  }

  /** The classical kid it was verified under. */
  public String kid() {
    return kid;
  }

  /** The wallet a verified JWT names ({@code sub}): the first evaluated chain family only. */
  public Optional<String> subject() {
    return Optional.ofNullable(subject);
  }

  /** Every verdict, for logging and audit. */
  public VerificationReport report() {
    return report;
  }

  @Override
  public String toString() {
    return "VerifiedAttestation[" + id + ", pass=" + pass + ", kid=" + kid + "]";
  }

  /**
   * This attestation, when every result was read from a quorum of at least {@code k} agreeing
   * independent providers (its signed {@code readAssurance}).
   *
   * @throws InsufficientAssuranceException naming the first result read otherwise
   */
  public VerifiedAttestation requireQuorum(int k) {
    if (k < 2) {
      throw new IllegalArgumentException("a quorum is at least 2 providers, got " + k);
    }
    for (VerifiedResult result : results()) {
      if (result.readAssurance().filter(a -> a.isQuorumOf(k)).isEmpty()) {
        throw new InsufficientAssuranceException(
            "result "
                + result.index()
                + " was not read from a quorum of at least "
                + k
                + " providers: "
                + result.readAssurance().map(Object::toString).orElse("no readAssurance"));
      }
    }
    return this;
  }
}
