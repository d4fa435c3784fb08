package org.walletstate.verifier;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every verdict on one signed statement, each computed on its own: a failure of one never hides
 * another. {@link #valid()} is their conjunction. A report is evidence about a statement, not the
 * statement: read signed content only from what a verifier returns once every check has passed.
 *
 * <p>Every statement type has the {@link Check#STRUCTURE structure}, {@link Check#SIGNATURE
 * signature}, {@link Check#FRESHNESS freshness}, {@link Check#EXPIRY expiry} and {@link Check#PQ
 * companion} checks; a type may add its own ({@link VerificationReport} adds the condition hashes
 * and the tokens of an attestation).
 */
public class StatementReport {

  private final Map<Check, Verdict> verdicts;
  private final PqVerdict pq;
  private final String kid;

  /**
   * @param verdicts the verdict of every check the statement type runs, the companion excepted
   */
  StatementReport(Map<Check, Verdict> verdicts, PqVerdict pq, String kid) {
    this.verdicts = new EnumMap<>(Check.class);
    this.verdicts.putAll(verdicts);
    this.verdicts.put(Check.PQ, pq.passed() ? Verdict.pass() : Verdict.fail(reasonOf(pq)));
    this.pq = pq;
    this.kid = kid;
  }

  /**
   * The verdicts of input that never reached the checks: {@code checks} all failed, the structure
   * with {@code reason}, the others as not checked.
   */
  static Map<Check, Verdict> malformed(List<Check> checks, String reason) {
    Map<Check, Verdict> verdicts = new EnumMap<>(Check.class);
    verdicts.put(Check.STRUCTURE, Verdict.fail(reason));
    for (Check check : checks) {
      verdicts.put(check, Verdict.fail("not checked: " + reason));
    }
    return verdicts;
  }

  /** The companion verdict of input that never reached the checks. */
  static PqVerdict malformedPq(String reason) {
    return new PqVerdict(PqStatus.UNVERIFIABLE, false, "not checked: " + reason, null, null);
  }

  /** True only when every check passed. */
  public boolean valid() {
    return failedChecks().isEmpty();
  }

  /** The checks that failed, in {@link Check} order. */
  public List<Check> failedChecks() {
    List<Check> failed = new ArrayList<>();
    verdicts.forEach(
        (check, verdict) -> {
          if (!verdict.passed()) {
            failed.add(check);
          }
        });
    return failed;
  }

  /** Whether the input had the shape of a signed statement of its type at all. */
  public Verdict structure() {
    return verdicts.get(Check.STRUCTURE);
  }

  public Verdict signature() {
    return verdicts.get(Check.SIGNATURE);
  }

  public Verdict freshness() {
    return verdicts.get(Check.FRESHNESS);
  }

  public Verdict expiry() {
    return verdicts.get(Check.EXPIRY);
  }

  public PqVerdict pq() {
    return pq;
  }

  /** The classical kid the statement named, if any. */
  public Optional<String> kid() {
    return Optional.ofNullable(kid);
  }

  /** The verdict of {@code check}; null for a check this statement type does not run. */
  Verdict verdict(Check check) {
    return verdicts.get(check);
  }

  /** The reason of a failed check, for messages. */
  String reasonOf(Check check) {
    Verdict verdict = verdicts.get(check);
    return verdict == null ? "" : verdict.reason().orElse("");
  }

  /** How {@link #toString} shows the verdict of {@code check}. */
  String shown(Check check) {
    return check == Check.PQ ? pq.toString() : verdicts.get(check).toString();
  }

  private static String reasonOf(PqVerdict pq) {
    return pq.reason().orElse(pq.status().wireName());
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    for (Check check : verdicts.keySet()) {
      if (check != Check.STRUCTURE) {
        out.append(out.length() == 0 ? "" : "; ")
            .append(check.wireName())
            .append(' ')
            .append(shown(check));
      }
    }
    return out.toString();
  }
}
