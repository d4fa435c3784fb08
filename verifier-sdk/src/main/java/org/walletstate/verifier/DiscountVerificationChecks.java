package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * The discount-verification checks: the common checks of a statement signed whole, over the signed
 * statement in {@code verification.discount}, plus the rule that the block's readable members
 * ({@code code}, {@code expiresAt}, {@code walletProven}, {@code discountIfProven}) say what the
 * signed statement says.
 */
final class DiscountVerificationChecks extends WholeStatementChecks<DiscountVerificationReport> {

  /** The members beside the statement that repeat a signed member, and must equal it. */
  static final List<String> COPIES =
      List.of("code", "expiresAt", "walletProven", "discountIfProven");

  DiscountVerificationChecks(Policy policy) {
    super(
        policy,
        StatementType.DISCOUNT,
        DiscountVerificationReport.CHECKS,
        DiscountVerificationReport::new);
  }

  /**
   * The verification block: {@code data.verification} of a whole response, {@code verification} of
   * its {@code data}, or the block itself.
   */
  @Override
  public JsonNode holder(JsonNode root) {
    JsonNode data = root.get("data");
    if (data != null && data.isObject() && data.get("verification") != null) {
      return data.get("verification");
    }
    JsonNode verification = root.get("verification");
    return verification != null ? verification : root;
  }

  /** The common shape in a verification block, then its readable copies. */
  @Override
  public String shapeProblem(JsonNode holder) {
    if (holder == null || !holder.isObject()) {
      return "missing verification block (expected data.verification or verification)";
    }
    String problem = super.shapeProblem(holder);
    if (problem != null) {
      return problem;
    }
    JsonNode discount = holder.get(StatementType.DISCOUNT.name());
    for (String copy : COPIES) {
      JsonNode beside = holder.get(copy);
      JsonNode signed = discount.get(copy);
      if (beside != null && !beside.isNull() && !beside.equals(signed)) {
        return "verification." + copy + " is not the signed discount." + copy;
      }
    }
    return null;
  }

  @Override
  String missingStatement() {
    return "missing signed discount verification (expected verification.discount)";
  }

  @Override
  String missingSignature() {
    return "missing signature (expected verification.sig)";
  }

  /** {@code createdAt} only: the holdings are read at the chains' latest anchors when it is. */
  @Override
  public List<StatementChecks.Anchor> anchors(JsonNode discount, Instant createdAt) {
    return List.of(issuance(createdAt, "verification"));
  }
}
