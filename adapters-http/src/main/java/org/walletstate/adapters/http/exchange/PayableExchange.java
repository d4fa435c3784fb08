package org.walletstate.adapters.http.exchange;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.core.Response;
import java.util.function.Function;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.x402.PaymentQuotes;
import org.walletstate.adapters.http.x402.PerCallPayments;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.account.Payer;

/**
 * A payable endpoint's edge: a JSON {@link Exchange}, the x402 quotes ({@link PaymentQuotes}) and
 * how a call is paid and answered ({@link PerCallPayments}). Built once by the composition root
 * ({@code X402Wiring}); the payable resources take it instead of the five.
 */
public final class PayableExchange {

  // Held as handed in by design, like Exchange: the composition root builds it once.
  private final Exchange exchange;
  private final PaymentQuotes quotes;
  private final PerCallPayments payments;

  public PayableExchange(Exchange exchange, PaymentQuotes quotes, PerCallPayments payments) {
    this.exchange = exchange;
    this.quotes = quotes;
    this.payments = payments;
  }

  /** The JSON endpoint's edge: body, caller, envelopes. */
  public Exchange exchange() {
    return exchange;
  }

  /**
   * The call served for this request's payer: a key's credits, a per-call payment, or the quote for
   * a caller without either ({@link PerCallPayments#serve}).
   */
  public <T> Uni<Response> serve(
      CreditPrice.Call call,
      Function<Payer, Uni<Paid<T>>> work,
      PerCallPayments.Answers<T> answers) {
    return payments.serve(exchange.caller(), call, work, answers);
  }

  /** {@code GET} or {@code HEAD} of a payable endpoint: its quote at the plain price. */
  public Response quote(MeteredOperation operation, boolean head) {
    return quotes.quoteWithoutBody(operation, exchange.caller().anonymous(), head);
  }

  /** 402: the calling key's credits do not cover the call. */
  public static ApiError insufficientCredits(long available, long required) {
    return new ApiError(
        402,
        "Insufficient credits: "
            + available
            + " available, "
            + required
            + " required. Top up with POST /v1/credits/buy.");
  }
}
