package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The pass checks: the common checks of {@link StatementChecks}, with {@code expiresAt} bound to at
 * most {@link #LIFETIME} after {@code issuedAt}, so a pass lives 65 seconds whatever a verifier's
 * maximum age.
 */
final class PassChecks implements StatementChecks.Rules {

  /** The longest a pass may live. */
  static final Duration LIFETIME = Duration.ofSeconds(65);

  private final StatementChecks statements;
  private final Namespace namespace;

  PassChecks(Policy policy) {
    this.statements = new StatementChecks(policy, StatementType.PASS, this);
    this.namespace = policy.namespace();
  }

  /** The report, and the pass and its times once it is well formed. */
  record Outcome(
      PassReport report, JsonNode pass, Instant issuedAt, Instant expiresAt, String kid) {}

  Outcome evaluate(String response) {
    return outcome(StatementChecks.parse(response.strip(), statements::check));
  }

  /** A QR code's text ({@link PassCode}), checked as the {@code data} object it stands for. */
  Outcome evaluateCode(String code) {
    String data;
    try {
      data = PassCode.expand(code, namespace);
    } catch (PassCode.MalformedCodeException e) {
      return outcome(new StatementChecks.Malformed(e.getMessage()));
    }
    return evaluate(data);
  }

  private static Outcome outcome(StatementChecks.Result result) {
    if (result instanceof StatementChecks.WellFormed checked) {
      return new Outcome(
          new PassReport(checked.verdicts(), checked.pq(), checked.kid()),
          checked.statement(),
          checked.issuedAt(),
          checked.expiresAt(),
          checked.kid());
    }
    String reason = ((StatementChecks.Malformed) result).reason();
    PassReport report =
        new PassReport(
            StatementReport.malformed(PassReport.CHECKS, reason),
            StatementReport.malformedPq(reason),
            null);
    return new Outcome(report, null, null, null, null);
  }

  /** {@code data} when it holds a pass, otherwise the response itself. */
  @Override
  public JsonNode holder(JsonNode root) {
    JsonNode data = root.get("data");
    return data != null
            && data.isObject()
            && StatementChecks.truthy(data.get(StatementType.PASS.name()))
        ? data
        : root;
  }

  @Override
  public String shapeProblem(JsonNode holder) {
    JsonNode pass = holder.get(StatementType.PASS.name());
    if (pass == null || !pass.isObject()) {
      return "missing pass (expected data.pass or pass)";
    }
    if (StatementType.PASS.missingMember(pass).isPresent()) {
      return "object is not a pass (expected "
          + String.join(", ", StatementType.PASS.requiredMembers())
          + ")";
    }
    if (!StatementChecks.hasSignature(holder)) {
      return "missing signature (expected data.sig or sig)";
    }
    return null;
  }

  @Override
  public List<StatementChecks.Anchor> anchors(JsonNode pass, Instant issuedAt) {
    return List.of(
        new StatementChecks.Anchor(
            Optional.ofNullable(issuedAt),
            "issuedAt is not a timestamp",
            age -> "pass is " + age.toSeconds() + "s old"));
  }

  @Override
  public Optional<String> expiryBindingProblem(JsonNode pass, Instant expiresAt) {
    Optional<Instant> issuedAt = StatementChecks.instant(pass.get("issuedAt"));
    if (issuedAt.isEmpty()) {
      return Optional.of("issuedAt is not a timestamp");
    }
    if (expiresAt.isAfter(issuedAt.get().plus(LIFETIME))) {
      return Optional.of("expiresAt is more than " + LIFETIME.toSeconds() + "s after issuedAt");
    }
    return Optional.empty();
  }
}
