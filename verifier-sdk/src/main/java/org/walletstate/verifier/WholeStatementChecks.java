package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The checks of a statement type signed whole (trust profiles, passes, discount verifications): the
 * common checks of {@link StatementChecks}, read into the type's report. The statement sits in
 * {@code data} (or the response itself) under the type's {@link StatementType#name() name}, holds
 * the members {@link StatementType#missingMember} requires and carries a signature beside it; a
 * subclass keeps only what is its own: its anchors, and where a statement sits elsewhere, that
 * place and its words.
 *
 * @param <R> the type's report
 */
abstract class WholeStatementChecks<R extends StatementReport> implements StatementChecks.Rules {

  /** How a type's report is made from its verdicts (its constructor). */
  @FunctionalInterface
  interface Reports<R extends StatementReport> {
    R report(Map<Check, Verdict> verdicts, PqVerdict pq, String kid);
  }

  /**
   * The report, and the statement and its times once it is well formed.
   *
   * @param issuedAt the statement's {@link StatementType#issuedAtMember() issuance time}
   */
  record Outcome<R extends StatementReport>(
      R report, JsonNode statement, Instant issuedAt, Instant expiresAt, String kid) {}

  private final StatementType type;
  private final List<Check> checks;
  private final Reports<R> reports;
  private final StatementChecks statements;

  /**
   * @param checks the checks the type runs besides the companion, failed as not checked when the
   *     input is malformed
   */
  WholeStatementChecks(Policy policy, StatementType type, List<Check> checks, Reports<R> reports) {
    this.type = type;
    this.checks = checks;
    this.reports = reports;
    this.statements = new StatementChecks(policy, type, this);
  }

  /** Every verdict on a response holding one statement of the type. */
  final Outcome<R> evaluate(String response) {
    return outcome(StatementChecks.parse(response.strip(), statements::check));
  }

  /** The report of the common checks' result, and the statement once it is well formed. */
  final Outcome<R> outcome(StatementChecks.Result result) {
    if (result instanceof StatementChecks.WellFormed checked) {
      return new Outcome<>(
          reports.report(checked.verdicts(), checked.pq(), checked.kid()),
          checked.statement(),
          checked.issuedAt(),
          checked.expiresAt(),
          checked.kid());
    }
    String reason = ((StatementChecks.Malformed) result).reason();
    R report =
        reports.report(
            StatementReport.malformed(checks, reason), StatementReport.malformedPq(reason), null);
    return new Outcome<>(report, null, null, null, null);
  }

  /** {@code data} when it holds a statement of the type, otherwise the response itself. */
  @Override
  public JsonNode holder(JsonNode root) {
    JsonNode data = root.get("data");
    return data != null && data.isObject() && StatementChecks.truthy(data.get(type.name()))
        ? data
        : root;
  }

  /** The statement an object, with the members the type requires, and a signature beside it. */
  @Override
  public String shapeProblem(JsonNode holder) {
    JsonNode statement = holder.get(type.name());
    if (statement == null || !statement.isObject()) {
      return missingStatement();
    }
    if (type.missingMember(statement).isPresent()) {
      return "object is not a "
          + type.noun()
          + " (expected "
          + String.join(", ", type.requiredMembers())
          + ")";
    }
    if (!StatementChecks.hasSignature(holder)) {
      return missingSignature();
    }
    return null;
  }

  /**
   * The statement's issuance time as a freshness anchor, {@code word} naming the statement in the
   * age failure ("pass is 70s old").
   */
  final StatementChecks.Anchor issuance(Instant issuedAt, String word) {
    return new StatementChecks.Anchor(
        Optional.ofNullable(issuedAt),
        type.issuedAtMember() + " is not a timestamp",
        age -> word + " is " + age.toSeconds() + "s old");
  }

  /** The structure failure when the holder has no statement object. */
  String missingStatement() {
    return "missing " + type.noun() + " (expected data." + type.name() + " or " + type.name() + ")";
  }

  /** The structure failure when the holder carries no signature. */
  String missingSignature() {
    return "missing signature (expected data.sig or sig)";
  }
}
