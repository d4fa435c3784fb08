package org.walletstate.verifier;

import static org.walletstate.verifier.StatementChecks.textOrNull;
import static org.walletstate.verifier.StatementChecks.truthy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The checks of an attestation's {@code results} array, shared by the raw path, the token path and
 * the token beside a raw attestation: each result's condition hash, the block timestamps the
 * freshness check reads, and whether a delegation condition shortens the issuance window.
 */
final class ResultChecks {

  private ResultChecks() {}

  /** Every result's {@code blockTimestamp}; non-EVM anchors carry none. */
  static List<StatementChecks.Anchor> anchors(JsonNode results, Policy policy) {
    List<StatementChecks.Anchor> anchors = new ArrayList<>();
    for (int i = 0; i < results.size(); i++) {
      JsonNode stamp = results.get(i).isObject() ? results.get(i).get("blockTimestamp") : null;
      if (!truthy(stamp)) {
        continue; // non-EVM anchors carry no timestamp
      }
      int index = i;
      anchors.add(
          new StatementChecks.Anchor(
              StatementChecks.instant(stamp),
              "result " + i + " blockTimestamp is not a timestamp",
              age ->
                  "result "
                      + index
                      + " blockTimestamp is "
                      + age.toSeconds()
                      + "s old (max "
                      + policy.maxAge().toSeconds()
                      + "s + "
                      + policy.clockSkew().toSeconds()
                      + "s skew)"));
    }
    return anchors;
  }

  /**
   * Per result: the hash of its evaluatedCondition, in the scheme the kid selects; the indexes of
   * the results that fail are added to {@code failures}.
   */
  static Verdict conditionHashes(JsonNode results, Optional<KeyRole> role, List<Integer> failures) {
    PreimageScheme scheme =
        role.flatMap(StatementType.ATTESTATION::scheme).orElse(PreimageScheme.V1);
    for (int i = 0; i < results.size(); i++) {
      JsonNode result = results.get(i);
      JsonNode condition = result.isObject() ? result.get("evaluatedCondition") : null;
      JsonNode claimed = result.isObject() ? result.get("conditionHash") : null;
      if (!truthy(condition) || !truthy(claimed) || !condition.isObject() || !claimed.isTextual()) {
        failures.add(i);
        continue;
      }
      if (!Preimages.conditionHash(scheme, condition).equals(claimed.textValue())) {
        failures.add(i);
      }
    }
    if (!failures.isEmpty()) {
      return Verdict.fail("condition hash mismatch at result index(es): " + joined(failures));
    }
    return Verdict.pass();
  }

  /** Whether any result is an {@code erc7710_delegation} condition. */
  static boolean hasDelegation(JsonNode results) {
    for (JsonNode result : results) {
      JsonNode condition = result.isObject() ? result.get("evaluatedCondition") : null;
      if (condition != null
          && condition.isObject()
          && "erc7710_delegation".equals(textOrNull(condition.get("type")))) {
        return true;
      }
    }
    return false;
  }

  private static String joined(List<Integer> indexes) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < indexes.size(); i++) {
      out.append(i == 0 ? "" : ", ").append(indexes.get(i));
    }
    return out.toString();
  }
}
