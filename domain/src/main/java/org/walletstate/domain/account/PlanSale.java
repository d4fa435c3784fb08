package org.walletstate.domain.account;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The rules of selling a month of a paid plan (docs/billing.md, "Buying a plan"): a payment buys
 * one month — {@link #MONTH}, 30 days — of the plan when it pays at least the plan's monthly price;
 * the month starts now, or where the key's paid time ends when that is later (a renewal extends);
 * the plan's monthly credits are granted when the month starts, and what was paid above the price
 * is credited then too, at the base rate of 25 credits per USD, rounded down.
 *
 * @param plan the plan bought
 * @param paidUsd what the payment was worth
 */
public record PlanSale(Plan plan, BigDecimal paidUsd) {

  /** What one payment buys: 30 days. */
  public static final Duration MONTH = Duration.ofDays(30);

  /** Credits per USD paid above the price. */
  static final int SURPLUS_CREDITS_PER_USD = 25;

  public PlanSale {
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(paidUsd, "paidUsd");
    if (plan == Plan.FREE) {
      throw new IllegalArgumentException("the free plan is not sold");
    }
  }

  /** Why the payment does not buy the month (it pays less than the price); empty when it does. */
  public Optional<Shortfall> shortfall() {
    if (paidUsd.compareTo(plan.monthlyUsd()) >= 0) {
      return Optional.empty();
    }
    return Optional.of(new Shortfall(plan, paidUsd));
  }

  /**
   * A payment short of the plan's price. It was not used, so it can still buy credits: an adapter
   * that has endpoints says where after {@link #reason()}.
   *
   * @param plan the plan asked for
   * @param paidUsd what the payment was worth
   */
  public record Shortfall(Plan plan, BigDecimal paidUsd) {

    /** What the month costs, what was paid, and what to do. */
    public String reason() {
      return "a month of "
          + plan.wireName()
          + " costs "
          + plan.monthlyUsd().toPlainString()
          + " USD and this payment is worth "
          + paidUsd.stripTrailingZeros().toPlainString()
          + " USD; pay at least the price";
    }
  }

  /** The credits granted when the month starts: the plan's and the surplus's. */
  public long credits() {
    if (shortfall().isPresent()) {
      throw new IllegalStateException("an underpayment buys nothing");
    }
    long surplus =
        paidUsd
            .subtract(plan.monthlyUsd())
            .multiply(BigDecimal.valueOf(SURPLUS_CREDITS_PER_USD))
            .setScale(0, RoundingMode.DOWN)
            .longValueExact();
    return plan.includedCredits() + surplus;
  }

  /** Where the bought month starts: now, or the end of the key's paid time when that is later. */
  public static Instant start(Instant now, Optional<Instant> paidUntil) {
    return paidUntil.filter(end -> end.isAfter(now)).orElse(now);
  }
}
