package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The trust-profile checks: the common checks of {@link StatementChecks} and nothing more (a
 * profile is signed whole, so its per-check hashes are inside the signature).
 */
final class TrustProfileChecks implements StatementChecks.Rules {

  private final StatementChecks statements;

  TrustProfileChecks(Policy policy) {
    this.statements = new StatementChecks(policy, StatementType.TRUST_PROFILE, this);
  }

  /** The report, and the profile and its times once it is well formed. */
  record Outcome(
      TrustProfileReport report,
      JsonNode trust,
      Instant profiledAt,
      Instant expiresAt,
      String kid) {}

  Outcome evaluate(String response) {
    StatementChecks.Result result = StatementChecks.parse(response.strip(), statements::check);
    if (result instanceof StatementChecks.WellFormed checked) {
      return new Outcome(
          new TrustProfileReport(checked.verdicts(), checked.pq(), checked.kid()),
          checked.statement(),
          checked.issuedAt(),
          checked.expiresAt(),
          checked.kid());
    }
    String reason = ((StatementChecks.Malformed) result).reason();
    TrustProfileReport report =
        new TrustProfileReport(
            StatementReport.malformed(TrustProfileReport.CHECKS, reason),
            StatementReport.malformedPq(reason),
            null);
    return new Outcome(report, null, null, null, null);
  }

  /** {@code data} when it holds a profile, otherwise the response itself (a batch entry). */
  @Override
  public JsonNode holder(JsonNode root) {
    JsonNode data = root.get("data");
    return data != null
            && data.isObject()
            && StatementChecks.truthy(data.get(StatementType.TRUST_PROFILE.name()))
        ? data
        : root;
  }

  @Override
  public String shapeProblem(JsonNode holder) {
    JsonNode trust = holder.get(StatementType.TRUST_PROFILE.name());
    if (trust == null || !trust.isObject()) {
      return "missing trust profile (expected data.trust or trust)";
    }
    if (StatementType.TRUST_PROFILE.missingMember(trust).isPresent()) {
      return "object is not a trust profile (expected "
          + String.join(", ", StatementType.TRUST_PROFILE.requiredMembers())
          + ")";
    }
    if (!StatementChecks.hasSignature(holder)) {
      return "missing signature (expected data.sig or sig)";
    }
    return null;
  }

  /** {@code profiledAt}, then the {@code blockTimestamp} of every evaluated check. */
  @Override
  public List<StatementChecks.Anchor> anchors(JsonNode trust, Instant profiledAt) {
    List<StatementChecks.Anchor> anchors = new ArrayList<>();
    anchors.add(
        new StatementChecks.Anchor(
            Optional.ofNullable(profiledAt),
            "profiledAt is not a timestamp",
            age -> "profile is " + age.toSeconds() + "s old"));
    for (Map.Entry<String, JsonNode> dimension : trust.get("dimensions").properties()) {
      JsonNode checks = dimension.getValue().isObject() ? dimension.getValue().get("checks") : null;
      if (checks == null || !checks.isArray()) {
        continue;
      }
      for (JsonNode check : checks) {
        JsonNode stamp = check.isObject() ? check.get("blockTimestamp") : null;
        if (stamp == null || !stamp.isTextual()) {
          continue; // unevaluated checks and non-EVM anchors carry none
        }
        String name = "dimension \"" + dimension.getKey() + "\"";
        anchors.add(
            new StatementChecks.Anchor(
                StatementChecks.instant(stamp),
                name + " has a blockTimestamp that is not a timestamp",
                age -> name + " on-chain data is " + age.toSeconds() + "s old"));
      }
    }
    return anchors;
  }
}
