package org.walletstate.application.commerce;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase.IssueOutcome;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.domain.commerce.Merchant;

/**
 * The limits on codes that carry a discount for keys that do not own the store, whose credits pay
 * for them: each such key gets at most {@link #HOURLY_PAID_CODES_PER_KEY} an hour, and all such
 * keys together at most the store's {@code maxPaidCodesFromOtherKeysPerDay} in any 24 hours, so
 * many free keys cannot drain the owner's credits. The owner's own key is held to neither.
 */
final class OtherKeyLimits {

  /** Paid codes a key that does not own the store may obtain there per hour. */
  static final int HOURLY_PAID_CODES_PER_KEY = 20;

  static final Duration HOUR = Duration.ofHours(1);

  private OtherKeyLimits() {}

  /** The bounds for a code at {@code now}; empty for the owner or a code without a discount. */
  static Optional<DiscountCodes.OtherKeyBounds> bounds(
      Merchant merchant, boolean paidByAnotherKey, Instant now) {
    if (!paidByAnotherKey) {
      return Optional.empty();
    }
    return Optional.of(
        new DiscountCodes.OtherKeyBounds(
            HOURLY_PAID_CODES_PER_KEY,
            now.minus(HOUR),
            merchant.settings().paidCodesFromOtherKeysPerDay(),
            now.minus(DiscountCodes.OtherKeyBounds.STORE_WINDOW)));
  }

  /** The refusal of a stored limit: the key's hour, or the store's 24 hours. */
  static IssueOutcome refusal(DiscountCodes.Issue limited, Instant now) {
    if (limited instanceof DiscountCodes.Issue.StoreLimitReached store) {
      long wait = Duration.between(now, store.freesAt()).toSeconds();
      return new IssueOutcome.StoreLimit(store.limit(), Math.max(1, wait));
    }
    var hourly = (DiscountCodes.Issue.HourlyLimitReached) limited;
    return new IssueOutcome.HourlyLimit(hourly.limit(), HOUR.toSeconds());
  }
}
