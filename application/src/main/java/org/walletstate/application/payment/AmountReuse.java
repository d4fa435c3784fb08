package org.walletstate.application.payment;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * When an intent's amount may be handed out again (docs/billing.md, "Payment intents"): once every
 * earlier intent holding it ended (was claimed, or expired) more than {@code reuseAfter} ago, and
 * only on chains whose payment reader gives each transfer's block time, since an intent accepts
 * only a transfer mined after it opened. A payment for the old intent is then never claimable with
 * the new one, and a late payer of the old one has {@code reuseAfter} to be noticed and refunded.
 * Elsewhere an amount is never handed out twice on its chain.
 *
 * @param reuseAfter the cool-down; longer than the claim grace and twice the clock allowance, so
 *     that the old intent can no longer be claimed and the two intents' windows of block times do
 *     not meet
 */
public record AmountReuse(Duration reuseAfter) {

  /** Seven days. */
  public static final AmountReuse DEFAULTS = new AmountReuse(Duration.ofDays(7));

  public AmountReuse {
    if (reuseAfter.isNegative() || reuseAfter.isZero()) {
      throw new IllegalArgumentException("payment intent reuse-after must be positive");
    }
  }

  /** Fails unless the cool-down outlasts {@code w}'s grace and twice its clock allowance. */
  public AmountReuse checkedAgainst(PaymentIntent.ClaimWindow w) {
    if (reuseAfter.compareTo(w.grace()) <= 0
        || reuseAfter.compareTo(w.clockAllowance().multipliedBy(2)) <= 0) {
      throw new IllegalArgumentException(
          "payment intent reuse-after ("
              + reuseAfter
              + ") must be longer than the claim grace ("
              + w.grace()
              + ") and twice the clock allowance ("
              + w.clockAllowance()
              + ")");
    }
    return this;
  }

  /**
   * The moment before which an earlier holder of an amount must have ended for the amount to be
   * handed out again at {@code now} on a chain of {@code family}; empty: never again.
   */
  public Optional<Instant> reissueIfEndedBefore(ChainFamily family, Instant now) {
    return readsBlockTimes(family) ? Optional.of(now.minus(reuseAfter)) : Optional.empty();
  }

  /** The families whose payment readers give the transfer's block time (EVM, Solana). */
  static boolean readsBlockTimes(ChainFamily family) {
    return family == ChainFamily.EVM || family == ChainFamily.SOLANA;
  }
}
