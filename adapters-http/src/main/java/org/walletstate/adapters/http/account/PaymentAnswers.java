package org.walletstate.adapters.http.account;

import jakarta.ws.rs.core.Response;
import java.util.List;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.PaymentClaim;

/** The refusals every purchase shares, worded once. */
final class PaymentAnswers {

  private PaymentAnswers() {}

  /** 400: the transaction is not a valid payment; the reason says why. */
  static ApiError notAPayment(String reason) {
    return ApiError.badRequest("Not a valid payment: " + reason + ". Nothing was credited.");
  }

  /** 503 rpc_failure: the payment could not be read; nothing was credited. */
  static Response unavailable(Envelopes envelopes, PaymentClaim claim) {
    return envelopes.rpcFailure(
        List.of(
            new Envelopes.FailedRead(
                "chain_read",
                claim.chain().id().wireValue(),
                "the payment transaction could not be read")));
  }

  /** 409: the transaction credited before. */
  static ApiError alreadyCredited(Payment payment) {
    return new ApiError(
        409,
        "Transaction "
            + payment.hash()
            + " was already credited; a transaction credits once. Nothing was credited now.");
  }
}
