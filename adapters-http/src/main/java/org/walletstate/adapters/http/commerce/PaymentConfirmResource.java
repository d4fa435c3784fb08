package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.adapters.http.payment.PaymentAnswers;
import org.walletstate.application.commerce.port.in.CodePaymentCommands;
import org.walletstate.application.commerce.port.in.ConfirmCodePaymentUseCase;
import org.walletstate.application.commerce.port.in.ConfirmCodePaymentUseCase.Confirmation;
import org.walletstate.domain.commerce.discount.CodePayment;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payload.Timestamps;

/**
 * {@code POST /v1/payment/confirm} (API key, free): verifies a code's USDC payment to the store
 * (EVM payment chains and Solana) under the code's binding rules ({@link
 * ConfirmCodePaymentUseCase}) and marks the code already_used, once; the same code and transaction
 * again answer the same with {@code replayed: true}.
 */
@Path("/v1/payment/confirm")
@Tag(name = "discounts")
public class PaymentConfirmResource {

  private final ConfirmCodePaymentUseCase confirm;
  private final Exchange edge;

  // the constructor and POST declarations match MerchantOnboardingResource's and
  // MerchantCreditsResource's by design: each endpoint has its own route and use case, and the
  // body, caller and envelopes are Exchange's
  @Inject
  public PaymentConfirmResource(ConfirmCodePaymentUseCase confirm, Exchange edge) {
    this.confirm = confirm;
    this.edge = edge;
  }

  // declared as every keyed JSON POST by design: the route and use case are this endpoint's
  @Idempotent
  @POST
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Confirm a code's USDC payment to the store; marks the code used once")
  public Uni<Response> confirm(byte[] body) {
    CodePayment request = CodePaymentCommands.confirm(edge.body(body));
    return confirm
        .confirm(edge.account(), request)
        .map(
            outcome -> {
              if (outcome instanceof Confirmation.Confirmed done) {
                Map<String, Object> v = new LinkedHashMap<>();
                v.put("code", done.code().code().text());
                v.put("status", IssuedCode.State.ALREADY_USED.wireName());
                v.put("merchantId", done.code().merchantId().value());
                v.put("discountPercent", done.code().discountPercent());
                v.put("txHash", done.payment().hash().toString());
                v.put("chainId", done.payment().chain().wireValue());
                v.put("amount", done.payment().usd().toPlainString());
                v.put("token", done.payment().token());
                v.put("usedAt", Timestamps.iso(done.code().usedAt().orElseThrow()));
                v.put("replayed", done.replayed());
                return edge.ok(v);
              }
              if (outcome instanceof Confirmation.Unavailable down) {
                return PaymentAnswers.unavailable(edge.envelopes(), down.read());
              }
              throw refusal(outcome, request);
            });
  }

  private static ApiError refusal(Confirmation outcome, CodePayment request) {
    String code = request.code().text();
    if (outcome instanceof Confirmation.UnknownCode) {
      return new ApiError(404, "Discount code " + code + " not found");
    }
    if (outcome instanceof Confirmation.Expired expired) {
      return new ApiError(
          409,
          "Discount code "
              + code
              + " expired at "
              + Timestamps.iso(expired.code().expiresAt())
              + " and "
              + expired.reason()
              + "; it was not marked used");
    }
    if (outcome instanceof Confirmation.NotYourCode) {
      return new ApiError(
          403,
          "Discount code "
              + code
              + " can be confirmed only by its store's owner key or the key that issued it");
    }
    if (outcome instanceof Confirmation.NotThePayer not) {
      return new ApiError(
          403, "Payment does not come from this code's customer: " + not.reason() + ".");
    }
    if (outcome instanceof Confirmation.NoTotal) {
      return new ApiError(
          409,
          "Discount code "
              + code
              + " was issued without an order total, so no amount is bound to it and it cannot be"
              + " confirmed; issue the code with the order's items or subtotal");
    }
    if (outcome instanceof Confirmation.AlreadyUsed) {
      return new ApiError(409, "Discount code " + code + " was already used by another payment");
    }
    if (outcome instanceof Confirmation.PaymentTaken) {
      return new ApiError(
          409,
          "Transaction "
              + request.claim().hash()
              + " already confirmed another discount code; a transaction confirms one code");
    }
    if (outcome instanceof Confirmation.NoUsdcPayment no) {
      String reason = no.reason();
      return new ApiError(
          409, reason.substring(0, 1).toUpperCase(Locale.ROOT) + reason.substring(1));
    }
    return ApiError.badRequest(
        "Not a valid payment for this code: "
            + ((Confirmation.NotAPayment) outcome).reason()
            + ". The code was not marked used.");
  }
}
