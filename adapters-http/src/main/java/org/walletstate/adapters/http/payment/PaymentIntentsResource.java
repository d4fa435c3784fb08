package org.walletstate.adapters.http.payment;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.adapters.http.ratelimit.AddressLimits;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.payment.port.in.OpenPaymentIntentUseCase;
import org.walletstate.application.payment.port.in.OpenPaymentIntentUseCase.Outcome;
import org.walletstate.application.payment.port.in.PaymentIntentCommand;
import org.walletstate.application.payment.port.in.PaymentIntentCommands;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.payload.Timestamps;

/**
 * {@code POST /v1/payment-intents}: an exact amount to pay, reserved for the caller, who alone can
 * claim the payment of that amount with the secret it gets here (docs/billing.md, "Payment
 * intents"). No credential: whoever opens it holds it; each client address holds at most so many
 * open intents on a chain.
 */
@Path("/v1/payment-intents")
@Tag(name = "account")
public class PaymentIntentsResource {

  private final OpenPaymentIntentUseCase intents;
  private final Exchange edge;
  private final AddressLimits addresses;

  @Inject
  public PaymentIntentsResource(
      OpenPaymentIntentUseCase intents, Exchange edge, AddressLimits addresses) {
    this.intents = intents;
    this.edge = edge;
    this.addresses = addresses;
  }

  /** The {@code data} of an opened intent; the secret is shown here only. */
  @JsonPropertyOrder({
    "intentId",
    "secret",
    "chainId",
    "payTo",
    "amount",
    "tokens",
    "purpose",
    "expiresAt"
  })
  public record Opened(
      String intentId,
      String secret,
      Object chainId,
      String payTo,
      String amount,
      List<String> tokens,
      String purpose,
      String expiresAt) {}

  @Idempotent
  @POST
  @RateLimited(RatePolicy.PAYMENT_INTENTS)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Reserve an exact amount to pay from a wallet that cannot sign (an exchange, a relayer)")
  public Uni<Response> open(byte[] body, HttpServerRequest http) {
    // The command and the client's address handed on, as the scanner login does, by design.
    PaymentIntentCommand request = PaymentIntentCommands.open(edge.body(body));
    return intents
        .open(request, addresses.client(http))
        .map(
            outcome -> {
              if (outcome instanceof Outcome.Opened opened) {
                var rules = opened.rules();
                String payTo =
                    rules.receiver() instanceof EvmAddress evm
                        ? evm.checksummed()
                        : rules.receiver().text();
                return Response.fromResponse(
                        edge.ok(
                            new Opened(
                                opened.intent().id(),
                                opened.secret(),
                                rules.chain().wireValue(),
                                payTo,
                                opened.intent().amount().toPlainString(),
                                rules.tokens().stream().map(t -> t.symbol()).toList(),
                                opened.intent().purpose(),
                                Timestamps.iso(opened.intent().expiresAt()))))
                    .header("Cache-Control", "no-store")
                    .build();
              }
              if (outcome instanceof Outcome.NotAccepted no) {
                throw ApiError.badRequest(no.reason());
              }
              if (outcome instanceof Outcome.Full full) {
                throw new ApiError(
                    503, full.reason(), Map.of("Retry-After", Long.toString(full.retryAfter())));
              }
              throw new ApiError(409, ((Outcome.Exhausted) outcome).reason());
            });
  }
}
