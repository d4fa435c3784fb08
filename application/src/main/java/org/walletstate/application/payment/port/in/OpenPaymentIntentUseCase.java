package org.walletstate.application.payment.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.payment.PaymentChain;
import org.walletstate.domain.payment.payer.PaymentIntent;

/**
 * {@code POST /v1/payment-intents}: reserves an exact amount on a payment chain for one purpose and
 * hands its secret to the caller, the only one who can claim the payment of that amount.
 */
public interface OpenPaymentIntentUseCase {

  /**
   * Opens an intent for {@code opener}, an opaque name of the caller's address: each opener holds
   * at most so many open intents on a chain.
   */
  Uni<Outcome> open(PaymentIntentCommand request, String opener);

  /** What happened. */
  sealed interface Outcome {
    /**
     * @param intent the stored intent
     * @param secret its secret, shown once
     * @param rules what the chain accepts and where to pay
     */
    record Opened(PaymentIntent intent, String secret, PaymentChain rules) implements Outcome {}

    /** The service takes no payments on the chain: 400. */
    record NotAccepted(String reason) implements Outcome {}

    /** Every amount of the price is held by another intent: 409, later or another amount. */
    record Exhausted(String reason) implements Outcome {}

    /**
     * The caller's address, the price or the chain has as many open intents as allowed: 503 with
     * {@code retryAfter}, the seconds until the first of them expires.
     */
    record Full(String reason, long retryAfter) implements Outcome {}
  }
}
