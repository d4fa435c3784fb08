package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * Payment intents in storage. An intent's amount is unique on its chain for ever (an insert that
 * would repeat one does nothing), so no two intents ever match the same payment. Its claim is
 * written by {@link Purchases} in the purchase's own transaction. How many may be open at once is
 * bounded per price and per chain ({@link OpenBounds}), checked under a per-chain lock so that
 * concurrent opens on any replica cannot overshoot.
 */
public interface PaymentIntents {

  /**
   * Stores {@code intent} unless its price or its chain already has as many open (unexpired,
   * unclaimed) intents as {@code bounds} allow, or its amount was handed out before on its chain.
   */
  Uni<Opening> open(PaymentIntent intent, Instant at, OpenBounds bounds);

  /**
   * The bounds on open intents.
   *
   * @param perPrice open intents whose amount lies in {@code [base, base + step)}, the intent's
   *     price
   * @param perChain open intents on the chain, all prices together
   * @param base the price's base amount
   * @param step the width of a price's amounts (a cent, or 0.0001 BTC)
   */
  record OpenBounds(int perPrice, int perChain, BigDecimal base, BigDecimal step) {
    public OpenBounds {
      Objects.requireNonNull(base, "base");
      Objects.requireNonNull(step, "step");
      if (perPrice < 1 || perChain < 1) {
        throw new IllegalArgumentException("bounds must be at least 1");
      }
    }
  }

  /** The outcome of {@link #open}. */
  sealed interface Opening {
    record Opened() implements Opening {}

    /** The amount was handed out before on the chain: draw another. */
    record AmountTaken() implements Opening {}

    /**
     * The price ({@code perPrice} true) or the chain has {@code limit} open intents; the first of
     * them expires at {@code freesAt}.
     */
    record Full(boolean perPrice, int limit, Instant freesAt) implements Opening {}
  }

  /** The intent with this id, if one was opened. */
  Uni<Optional<PaymentIntent>> find(String id);
}
