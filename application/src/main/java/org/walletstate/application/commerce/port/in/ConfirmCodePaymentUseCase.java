package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.discount.CodePayment;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payment.Payment;

/**
 * {@code POST /v1/payment/confirm}: a code is confirmed by the store's owner key or the key that
 * issued it, with a USDC transfer to the store's address for the chain's family (EVM or Solana)
 * that pays exactly the total bound when the code was issued, was mined between the code's creation
 * and its expiry, and comes from the code's proven wallet (or, for a code without one, from the
 * wallet that signed the {@code payerProof}); then the code is marked used, once. Any refusal
 * records nothing.
 */
public interface ConfirmCodePaymentUseCase {

  /** How long after a code's expiry a payment mined before it may still be confirmed. */
  Duration GRACE = Duration.ofHours(1);

  Uni<Confirmation> confirm(KeyAccount caller, CodePayment request);

  /** The outcome. */
  sealed interface Confirmation {
    /** Marked used now, or ({@code replayed}) by this same payment before. */
    record Confirmed(IssuedCode code, Payment payment, boolean replayed) implements Confirmation {}

    record UnknownCode() implements Confirmation {}

    /** Expired, and either past the grace window or paid after the expiry (409). */
    record Expired(IssuedCode code, String reason) implements Confirmation {}

    record AlreadyUsed(IssuedCode code) implements Confirmation {}

    /** The store does not take USDC (or has no address for the chain's family). */
    record NoUsdcPayment(String reason) implements Confirmation {}

    /** The code was issued without an order total: there is no amount to bind (409). */
    record NoTotal() implements Confirmation {}

    /** The calling key is neither the store's owner key nor the code's issuer (403). */
    record NotYourCode() implements Confirmation {}

    /** The payment is not shown to come from the code's customer (403). */
    record NotThePayer(String reason) implements Confirmation {}

    /** The transaction is not the payment the code needs (400). */
    record NotAPayment(String reason) implements Confirmation {}

    /** The transaction confirmed another code (409). */
    record PaymentTaken() implements Confirmation {}

    /** The payment could not be read (its chain, or a price it needs): 503. */
    record Unavailable(VerifyPaymentUseCase.Verification.Unavailable read)
        implements Confirmation {}
  }
}
