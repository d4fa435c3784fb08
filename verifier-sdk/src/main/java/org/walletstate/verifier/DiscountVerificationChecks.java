package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The discount-verification checks: the common checks of {@link StatementChecks}, over the signed
 * statement in {@code verification.discount}, plus the rule that the block's readable members
 * ({@code code}, {@code expiresAt}, {@code walletProven}, {@code discountIfProven}) say what the
 * signed statement says.
 */
final class DiscountVerificationChecks implements StatementChecks.Rules {

  /** The members beside the statement that repeat a signed member, and must equal it. */
  static final List<String> COPIES =
      List.of("code", "expiresAt", "walletProven", "discountIfProven");

  private final StatementChecks statements;

  DiscountVerificationChecks(Policy policy) {
    this.statements = new StatementChecks(policy, StatementType.DISCOUNT, this);
  }

  /** The report, and the statement and its times once it is well formed. */
  record Outcome(
      DiscountVerificationReport report,
      JsonNode discount,
      Instant createdAt,
      Instant expiresAt,
      String kid) {}

  Outcome evaluate(String response) {
    StatementChecks.Result result = StatementChecks.parse(response.strip(), statements::check);
    if (result instanceof StatementChecks.WellFormed checked) {
      return new Outcome(
          new DiscountVerificationReport(checked.verdicts(), checked.pq(), checked.kid()),
          checked.statement(),
          checked.issuedAt(),
          checked.expiresAt(),
          checked.kid());
    }
    String reason = ((StatementChecks.Malformed) result).reason();
    DiscountVerificationReport report =
        new DiscountVerificationReport(
            StatementReport.malformed(DiscountVerificationReport.CHECKS, reason),
            StatementReport.malformedPq(reason),
            null);
    return new Outcome(report, null, null, null, null);
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

  @Override
  public String shapeProblem(JsonNode holder) {
    if (holder == null || !holder.isObject()) {
      return "missing verification block (expected data.verification or verification)";
    }
    JsonNode discount = holder.get(StatementType.DISCOUNT.name());
    if (discount == null || !discount.isObject()) {
      return "missing signed discount verification (expected verification.discount)";
    }
    if (StatementType.DISCOUNT.missingMember(discount).isPresent()) {
      return "object is not a discount verification (expected "
          + String.join(", ", StatementType.DISCOUNT.requiredMembers())
          + ")";
    }
    if (!StatementChecks.hasSignature(holder)) {
      return "missing signature (expected verification.sig)";
    }
    for (String copy : COPIES) {
      JsonNode beside = holder.get(copy);
      JsonNode signed = discount.get(copy);
      if (beside != null && !beside.isNull() && !beside.equals(signed)) {
        return "verification." + copy + " is not the signed discount." + copy;
      }
    }
    return null;
  }

  /** {@code createdAt} only: the holdings are read at the chains' latest anchors when it is. */
  @Override
  public List<StatementChecks.Anchor> anchors(JsonNode discount, Instant createdAt) {
    return List.of(
        new StatementChecks.Anchor(
            Optional.ofNullable(createdAt),
            "createdAt is not a timestamp",
            age -> "verification is " + age.toSeconds() + "s old"));
  }
}
