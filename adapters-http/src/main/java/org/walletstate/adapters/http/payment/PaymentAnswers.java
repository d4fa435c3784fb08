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

  /** 409: the transaction credited before. */
  public static ApiError alreadyCredited(Payment payment) {
    return new ApiError(
        409,
        "Transaction "
            + payment.hash()
            + " was already credited; a transaction credits once. Nothing was credited now.");
  }
}
