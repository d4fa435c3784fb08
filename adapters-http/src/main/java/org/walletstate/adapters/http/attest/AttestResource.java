package org.walletstate.adapters.http.attest;

import com.fasterxml.jackson.databind.util.RawValue;
import io.smallrye.mutiny.Uni;
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
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.exchange.PayableExchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.adapters.http.x402.PerCallPayments;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.application.attest.port.in.AttestOutcome;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.payload.KeyVersion;

/**
 * {@code POST /v1/attest}: a signed yes/no on conditions over wallet state. With a key it reads,
 * evaluates, signs and charges; without any credential it answers the x402 quote for the exact body
 * sent (GET and HEAD are quoted at the plain price).
 */
@Path("/v1/attest")
@Tag(name = "core")
public class AttestResource {

  private final AttestUseCase attest;
  private final PayableExchange edge;

  @Inject
  public AttestResource(AttestUseCase attest, PayableExchange edge) {
    this.attest = attest;
    this.edge = edge;
  }

  // Declared like the other payable POSTs by design: each has its own route and use case.
  @Idempotent
  @POST
  @PayPerCall
  @RateLimited(RatePolicy.PAY_PER_CALL)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Evaluate conditions over wallet state and return a signed result")
  public Uni<Response> attest(byte[] body) {
    // a keyless caller (quoted, or paying per call) is answered under the v2 rules
    CurrentCaller caller = edge.exchange().caller();
    KeyVersion version =
        caller.payment().isPresent() || caller.anonymous()
            ? Payer.PerCall.VERSION
            : caller.account().version();
    AttestCommand command = AttestCommands.parse(edge.exchange().body(body), version);
    Envelopes envelopes = edge.exchange().envelopes();
    return edge.serve(
        AttestUseCase.call(command),
        payer -> attest.attest(payer, command),
        new PerCallPayments.Answers<>(
            outcome -> respond(envelopes, outcome),
            outcome -> respond(envelopes, outcome),
            signed -> envelopes.ok(new RawValue(((AttestOutcome.Signed) signed).dataJson()))));
  }

  @GET
  @PayPerCall
  @RateLimited(RatePolicy.PAY_PER_CALL)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The x402 quote for an attestation (the call itself is a POST)")
  public Response quote() {
    return edge.quote(MeteredOperation.ATTEST, false);
  }

  @HEAD
  @PayPerCall
  @RateLimited(RatePolicy.PAY_PER_CALL)
  public Response quoteHead() {
    return edge.quote(MeteredOperation.ATTEST, true);
  }

  // Answers the outcomes as AttestTools.answer does by design: here as envelopes, there as tool
  // results.
  /** An attest outcome as attest answers it (also a watch's first attestation). */
  static Response respond(Envelopes envelopes, AttestOutcome outcome) {
    if (outcome instanceof AttestOutcome.Signed signed) {
      return envelopes.okSigned(
          signed.dataJson(), signed.creditsRemaining(), signed.creditsCharged());
    }
    if (outcome instanceof AttestOutcome.Unavailable unavailable) {
      return envelopes.rpcFailure(
          unavailable.failedConditions().stream().map(AttestResource::failedRead).toList());
    }
    if (outcome instanceof AttestOutcome.Refused refused) {
      return envelopes.error(ApiError.badRequest(refused.message()));
    }
    AttestOutcome.InsufficientCredits shortOf = (AttestOutcome.InsufficientCredits) outcome;
    return envelopes.error(
        PayableExchange.insufficientCredits(shortOf.available(), shortOf.required()));
  }

  static Envelopes.FailedRead failedRead(FailedCondition failed) {
    return new Envelopes.FailedRead(
        failed.source().wireName(), failed.chainId().wireValue(), failed.message());
  }
}
