package org.walletstate.adapters.http.x402;

import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.CurrentCaller;
import org.walletstate.adapters.http.auth.PayPerCall;
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.account.PayPerCallRequest;

/**
 * Trust profiles, single and batch. Callers without credentials receive the x402 quote priced from
 * the body they sent (GET and HEAD are quoted at the one-wallet price). Profiles themselves are not
 * issued by this service yet: a caller with a key is told so, and is not charged.
 */
@Path("/v1/trust")
@Tag(name = "core")
public class PayPerCallQuotes {

  private final JsonBodies bodies;
  private final PaymentQuotes quotes;
  private final CurrentCaller caller;

  @Inject
  public PayPerCallQuotes(JsonBodies bodies, PaymentQuotes quotes, CurrentCaller caller) {
    this.bodies = bodies;
    this.quotes = quotes;
    this.caller = caller;
  }

  @POST
  @PayPerCall
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "A signed trust profile of a wallet (x402 quote without credentials)")
  public Response trust(byte[] body) {
    return answer(PayPerCallRequest.trust(bodies.object(body)));
  }

  @POST
  @Path("/batch")
  @PayPerCall
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Signed trust profiles of 1 to 10 wallets (x402 quote without credentials)")
  public Response batch(byte[] body) {
    return answer(PayPerCallRequest.trustBatch(bodies.object(body)));
  }

  @GET
  @PayPerCall
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The x402 quote for a one-wallet trust profile")
  public Response quoteTrust() {
    return quotes.quoteWithoutBody(MeteredOperation.TRUST, caller.anonymous(), false);
  }

  @HEAD
  @PayPerCall
  public Response quoteTrustHead() {
    return quotes.quoteWithoutBody(MeteredOperation.TRUST, caller.anonymous(), true);
  }

  @GET
  @Path("/batch")
  @PayPerCall
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The x402 quote for a one-wallet trust batch")
  public Response quoteBatch() {
    return quotes.quoteWithoutBody(MeteredOperation.TRUST_BATCH, caller.anonymous(), false);
  }

  @HEAD
  @Path("/batch")
  @PayPerCall
  public Response quoteBatchHead() {
    return quotes.quoteWithoutBody(MeteredOperation.TRUST_BATCH, caller.anonymous(), true);
  }

  private Response answer(CreditPrice.Call call) {
    if (caller.anonymous()) {
      return quotes.quote(call, false);
    }
    throw new ApiError(
        501, "Trust profiles are not issued by this service yet; nothing was charged");
  }
}
