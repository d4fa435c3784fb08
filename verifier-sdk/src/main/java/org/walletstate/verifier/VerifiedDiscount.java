package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.OptionalInt;

/**
 * A discount verification whose every check passed. Only {@link AttestationVerifier} makes these.
 */
public final class VerifiedDiscount {

  private final JsonNode discount;
  private final Instant createdAt;
  private final Instant expiresAt;
  private final String kid;
  private final DiscountVerificationReport report;

  VerifiedDiscount(
      JsonNode discount,
      Instant createdAt,
      Instant expiresAt,
      String kid,
      DiscountVerificationReport report) {
    this.discount = discount.deepCopy();
    this.createdAt = createdAt;
    this.expiresAt = expiresAt;
    this.kid = kid;
    this.report = report;
  }

  /** The discount code ({@code SVC-} and 5 characters). */
  public String code() {
    return discount.path("code").asText();
  }

  public String merchantId() {
    return discount.path("merchantId").asText();
  }

  /** Whether the wallet qualified for anything at the store. */
  public boolean verified() {
    return discount.path("verified").asBoolean();
  }

  /** The whole percent the code carries. */
  public int discountPercent() {
    return discount.path("discountPercent").asInt();
  }

  public boolean walletProven() {
    return discount.path("walletProven").asBoolean();
  }

  /** What a proof of wallet control would give, when the unproven limit lowered the discount. */
  public OptionalInt discountIfProven() {
    JsonNode value = discount.get("discountIfProven");
    return value != null && value.isIntegralNumber()
        ? OptionalInt.of(value.intValue())
        : OptionalInt.empty();
  }

  public Instant createdAt() {
    return createdAt;
  }

  public Instant expiresAt() {
    return expiresAt;
  }

  public String kid() {
    return kid;
  }

  /** The whole signed statement (a copy). */
  public JsonNode asJson() {
    return discount.deepCopy();
  }

  public DiscountVerificationReport report() {
    return report;
  }

  @Override
  public String toString() {
    return "VerifiedDiscount[" + code() + ", kid=" + kid + "]";
  }
}
