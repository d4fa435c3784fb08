package org.walletstate.adapters.http.payment;

import jakarta.ws.rs.core.Response;
import java.util.List;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.domain.payment.Payment;

/** The refusals every purchase shares, worded once (keys, credits, merchant credits). */
public final class PaymentAnswers {

  private PaymentAnswers() {}

  /** 400: the transaction is not a valid payment; the reason says why. */
  public static ApiError notAPayment(String reason) {
    return ApiError.badRequest("Not a valid payment: " + reason + ". Nothing was credited.");
  }

  /**
   * 503 rpc_failure: a read the verification needs did not complete (the payment transaction, on
   * its chain; bitcoin's BTC/USD price, on the feed's chain); nothing was credited.
   */
  public static Response unavailable(
      Envelopes envelopes, VerifyPaymentUseCase.Verification.Unavailable read) {
    return envelopes.rpcFailure(
        List.of(new Envelopes.FailedRead("chain_read", read.chain().wireValue(), read.message())));
  }

  // Each refusal its own ApiError by design: its own status and words.
  /** 409: the transaction credited before. */
  public static ApiError alreadyCredited(Payment payment) {
    return new ApiError(
        409,
        "Transaction "
            + payment.hash()
            + " was already credited; a transaction credits once. Nothing was credited now.");
  }

  /**
   * 403: the caller did not show the payment is theirs where the purchase needs it (no sender proof
   * or payment intent, or one that does not hold).
   */
  public static ApiError payerRefused(String reason) {
    return new ApiError(
        403, "Payer not proven: " + reason + ". Nothing was credited (docs/billing.md).");
  }

  /** 409: the payment intent was claimed before. */
  public static ApiError intentUsed(Payment payment) {
    return new ApiError(
        409,
        "The payment intent was already claimed, by another transaction than "
            + payment.hash()
            + "; an intent claims once. Nothing was credited now.");
  }

  /**
   * 400: the payment came from another wallet than the key's registered one ({@code registered} as
   * it should be shown).
   */
  public static ApiError walletMismatch(Payment payment, String registered) {
    return ApiError.badRequest(
        "Transaction "
            + payment.hash()
            + " was paid from "
            + payment.sender().text()
            + ", but this key's registered wallet is "
            + registered
            + "; pay from the registered wallet, or register the new one by sending"
            + " updateWallet: true and a senderProof with X-API-Key. Nothing was credited.");
  }

  /** 409: the sender is another key's registered wallet. */
  public static ApiError walletOfAnotherKey(Payment payment) {
    return new ApiError(
        409,
        "Wallet "
            + payment.sender().text()
            + " is registered to another key; pay from this key's wallet. Nothing was credited.");
  }
}
