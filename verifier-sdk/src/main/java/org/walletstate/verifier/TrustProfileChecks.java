package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The trust-profile checks: the common checks of a statement signed whole and nothing more (its
 * per-check hashes are inside the signature); its own are the anchors, one per evaluated check.
 */
final class TrustProfileChecks extends WholeStatementChecks<TrustProfileReport> {

  TrustProfileChecks(Policy policy) {
    super(policy, StatementType.TRUST_PROFILE, TrustProfileReport.CHECKS, TrustProfileReport::new);
  }

  /** {@code profiledAt}, then the {@code blockTimestamp} of every evaluated check. */
  @Override
  public List<StatementChecks.Anchor> anchors(JsonNode trust, Instant profiledAt) {
    List<StatementChecks.Anchor> anchors = new ArrayList<>();
    anchors.add(issuance(profiledAt, "profile"));
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
