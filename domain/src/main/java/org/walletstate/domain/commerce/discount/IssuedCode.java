package org.walletstate.domain.commerce.discount;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.walletstate.domain.commerce.CompanyId;

/**
 * A stored discount code and its state machine: valid until {@code expiresAt}, then expired;
 * already_used once a payment confirmed it (from valid only).
 *
 * @param code the code
 * @param merchantId its store
 * @param discountPercent the percent it carries
 * @param createdAt when it was issued
 * @param expiresAt 30 minutes later
 * @param walletProven whether the wallet proved control
 * @param discountedTotal the order total after the discount, in minor units, when the request sent
 *     items or a subtotal
 * @param usedAt when a payment confirmed it
 */
public record IssuedCode(
    DiscountCode code,
    CompanyId merchantId,
    int discountPercent,
    Instant createdAt,
    Instant expiresAt,
    boolean walletProven,
    OptionalLong discountedTotal,
    Optional<Instant> usedAt) {

  // Null checks written out by design: a record validates its own components on construction.
  public IssuedCode {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(merchantId, "merchantId");
    Objects.requireNonNull(discountedTotal, "discountedTotal");
    Objects.requireNonNull(usedAt, "usedAt");
  }

  /** The states a code is reported in. */
  public enum State {
    VALID,
    EXPIRED,
    ALREADY_USED,
    NOT_FOUND;

    public String wireName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** Its state at {@code now}: used wins over expired, since a use happened while valid. */
  public State state(Instant now) {
    if (usedAt.isPresent()) {
      return State.ALREADY_USED;
    }
    return now.isBefore(expiresAt) ? State.VALID : State.EXPIRED;
  }
}
