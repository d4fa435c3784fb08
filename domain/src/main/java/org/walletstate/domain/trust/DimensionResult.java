package org.walletstate.domain.trust;

import java.util.List;
import java.util.Objects;
import org.walletstate.domain.payload.PayloadValue;

/**
 * One dimension of a profile: its checks as signed (without their {@code conditionHash}, which the
 * signer adds after each {@code evaluatedCondition}) and their counts.
 *
 * @param dimension which one
 * @param checks the checks in the list's order
 * @param passCount checks met
 * @param failCount checks evaluated and not met
 * @param notEvaluatedCount checks not evaluated ({@code evaluated: false})
 */
public record DimensionResult(
    TrustDimension dimension,
    List<PayloadValue.Obj> checks,
    int passCount,
    int failCount,
    int notEvaluatedCount) {

  public DimensionResult {
    Objects.requireNonNull(dimension, "dimension");
    checks = List.copyOf(checks);
    if (passCount + failCount + notEvaluatedCount != checks.size()) {
      throw new IllegalArgumentException("the counts of " + dimension.key() + " do not add up");
    }
  }

  /** How many checks the dimension has. */
  public int total() {
    return checks.size();
  }

  /** {@code {checks, passCount, failCount, notEvaluatedCount, total}}. */
  public PayloadValue.Obj payload() {
    return PayloadValue.objectBuilder()
        .put("checks", PayloadValue.array(checks))
        .put("passCount", passCount)
        .put("failCount", failCount)
        .put("notEvaluatedCount", notEvaluatedCount)
        .put("total", total())
        .build();
  }
}
