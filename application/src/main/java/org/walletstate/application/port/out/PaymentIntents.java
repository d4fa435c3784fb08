package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * Payment intents in storage. An amount is held by one intent at a time on its chain, and handed
 * out again only when every earlier holder ended before {@link OpenBounds#reissueIfEndedBefore}
 * (never, where that is empty); an intent accepts only payments mined while it was open, so no two
 * intents match the same payment. Its claim is written by {@link Purchases} in the purchase's own
 * transaction. How many may be open at once is bounded per price, per chain and per opener on the
 * chain ({@link OpenBounds}), checked under a per-chain lock so that concurrent opens on any
 * replica cannot overshoot.
 */
public interface PaymentIntents {

  /**
   * Stores {@code intent} unless its opener, its price or its chain already has as many open
   * (unexpired, unclaimed) intents as {@code bounds} allow. Its amount is the first free one of its
   * price from the intent's own amount on (then from the price's lowest), free meaning that no
   * intent on the chain holds it, or every one that did ended before {@code
   * bounds.reissueIfEndedBefore()}.
   */
  Uni<Opening> open(PaymentIntent intent, Instant at, OpenBounds bounds);

  /**
   * The bounds on open intents.
   *
   * @param perPrice open intents whose amount lies in {@code [base, base + step)}, the intent's
   *     price
   * @param perChain open intents on the chain, all prices together
   * @param opener who opens it (an opaque name of the client's address), stored with the intent
   * @param perOpener open intents of that opener on the chain, all prices together
   * @param base the price's base amount
   * @param step the width of a price's amounts (a cent, or 0.0001 BTC), 9,999 amounts of a ten
   *     thousandth of it each
   * @param reissueIfEndedBefore an amount whose holders all ended (claimed, or expired) before this
   *     moment is free again; empty: an amount is never handed out twice
   */
  record OpenBounds(
      int perPrice,
      int perChain,
      String opener,
      int perOpener,
      BigDecimal base,
      BigDecimal step,
      Optional<Instant> reissueIfEndedBefore) {
    // Null checks of the same shape as Purchases.NewPaidKey's and Charge's by design: each record
    // checks its own members.
    public OpenBounds {
      Objects.requireNonNull(base, "base");
      Objects.requireNonNull(step, "step");
      Objects.requireNonNull(reissueIfEndedBefore, "reissueIfEndedBefore");
      Objects.requireNonNull(opener, "opener");
      if (perPrice < 1 || perChain < 1 || perOpener < 1) {
        throw new IllegalArgumentException("bounds must be at least 1");
      }
    }
  }

  /** The outcome of {@link #open}. */
  sealed interface Opening {
    /** Stored, with this amount (the intent's own, or the next free one of its price). */
    record Opened(BigDecimal amount) implements Opening {}

    /** Every amount of the price is held. */
    record NoFreeAmount() implements Opening {}

    /**
     * The opener, the price or the chain ({@code scope}) has {@code limit} open intents; the first
     * of them expires at {@code freesAt}.
     */
    record Full(Scope scope, int limit, Instant freesAt) implements Opening {}

    /** Which bound {@link Full} met. */
    enum Scope {
      OPENER,
      PRICE,
      CHAIN
    }
  }

  /** The intent with this id, if one was opened. */
  Uni<Optional<PaymentIntent>> find(String id);
}
