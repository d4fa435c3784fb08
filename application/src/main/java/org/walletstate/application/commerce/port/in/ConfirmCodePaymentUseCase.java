package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.domain.commerce.discount.CodePayment;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payment.Payment;

/**
 * {@code POST /v1/payment/confirm}: the code must be valid, its store must take USDC, and the
 * transaction must pay the store's receiving address the code's discounted amount (the amount
 * declared when the code was issued without an order); then the code is marked used, once.
 */
public interface ConfirmCodePaymentUseCase {

  Uni<Confirmation> confirm(CodePayment request);

  /** The outcome. */
  sealed interface Confirmation {
    /** Marked used now, or ({@code replayed}) by this same payment before. */
    record Confirmed(IssuedCode code, Payment payment, boolean replayed) implements Confirmation {}

    record UnknownCode() implements Confirmation {}

    record Expired(IssuedCode code) implements Confirmation {}

    record AlreadyUsed(IssuedCode code) implements Confirmation {}

    /** The store does not take USDC (or has no address for the chain's family). */
    record NoUsdcPayment(String reason) implements Confirmation {}

    /** The transaction is not the payment the code needs (400). */
    record NotAPayment(String reason) implements Confirmation {}

    /** The transaction confirmed another code (409). */
    record PaymentTaken() implements Confirmation {}

    /** The chain could not be read (503). */
    /** The payment could not be read (its chain, or a price it needs). */
    record Unavailable(VerifyPaymentUseCase.Verification.Unavailable read)
        implements Confirmation {}
  }
}
