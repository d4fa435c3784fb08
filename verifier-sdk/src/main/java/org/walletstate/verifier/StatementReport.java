package org.walletstate.verifier;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

  /**
   * This report as JSON, in the shape the TypeScript verifier reports it ({@code valid}, {@code
   * failedChecks}, {@code checks} by wire name with {@code passed} and {@code reason}, {@code pq},
   * {@code kid}), so the two can be compared or logged alike.
   */
  public String toJson() {
    return json().toString();
  }

  ObjectNode json() {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("valid", valid());
    ArrayNode failed = out.putArray("failedChecks");
    failedChecks().forEach(check -> failed.add(check.wireName()));
    ObjectNode checks = out.putObject("checks");
    verdicts.forEach(
        (check, verdict) ->
            checks
                .putObject(check.wireName())
                .put("passed", verdict.passed())
                .put("reason", verdict.reason().orElse(null)));
    out.set("pq", json(pq));
    out.put("kid", kid);
    return out;
  }

  static ObjectNode json(PqVerdict pq) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("status", pq.status().wireName())
        .put("passed", pq.passed())
        .put("reason", pq.reason().orElse(null))
        .put("kid", pq.kid().orElse(null))
        .put("existedAtIssuance", pq.existedAtIssuance().orElse(null));
    return out;
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
