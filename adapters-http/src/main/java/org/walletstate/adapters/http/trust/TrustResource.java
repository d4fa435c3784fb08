package org.walletstate.adapters.http.trust;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
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
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.PayPerCall;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.exchange.PayableExchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.adapters.http.x402.PerCallPayments;
import org.walletstate.application.trust.port.in.TrustBatchCommand;
import org.walletstate.application.trust.port.in.TrustBatchOutcome;
import org.walletstate.application.trust.port.in.TrustBatchUseCase;
import org.walletstate.application.trust.port.in.TrustCommand;
import org.walletstate.application.trust.port.in.TrustCommands;
import org.walletstate.application.trust.port.in.TrustOutcome;
import org.walletstate.application.trust.port.in.TrustProfileUseCase;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.trust.TrustFailure;

/**
 * Trust profiles, single and batch. With a key: read, evaluate, sign, charge. Without any
 * credential: the x402 quote priced from the body sent (GET and HEAD are quoted at the one-wallet
 * price).
 */
@Path("/v1/trust")
@Tag(name = "core")
public class TrustResource {

  /** One wallet of a batch whose reads did not complete. */
  @JsonPropertyOrder({"ok", "wallet", "error"})
  public record BatchError(boolean ok, String wallet, Envelopes.RpcFailureBody error) {}

  @JsonPropertyOrder({"requested", "succeeded", "failed"})
  public record BatchSummary(long requested, long succeeded, long failed) {}

  @JsonPropertyOrder({"results", "summary"})
  public record BatchData(List<Object> results, BatchSummary summary) {}

  // Injected field by field like every resource by design: the container hands each one in.
  private final TrustProfileUseCase profiles;
  private final TrustBatchUseCase batches;
  private final PayableExchange edge;
  private final Envelopes envelopes;

  @Inject
  public TrustResource(
      TrustProfileUseCase profiles, TrustBatchUseCase batches, PayableExchange edge) {
    this.profiles = profiles;
    this.batches = batches;
    this.edge = edge;
    this.envelopes = edge.exchange().envelopes();
  }

  // Declared like the other payable POSTs by design: each has its own route and use case.
  @Idempotent
  @POST
  @PayPerCall
  @RateLimited(RatePolicy.PAY_PER_CALL)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "A signed trust profile of a wallet")
  public Uni<Response> trust(byte[] body) {
    TrustCommand command = TrustCommands.profile(edge.exchange().body(body));
    return edge.serve(
        TrustProfileUseCase.call(command),
        payer -> profiles.profile(payer, command),
        new PerCallPayments.Answers<TrustOutcome>(
            this::respond,
            this::respond,
            signed -> envelopes.ok(new RawValue(((TrustOutcome.Signed) signed).dataJson()))));
  }

  @Idempotent
  @POST
  @Path("/batch")
  @PayPerCall
  @RateLimited(RatePolicy.PAY_PER_CALL)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Signed trust profiles of 1 to 10 wallets, read at the same blocks")
  public Uni<Response> batch(byte[] body) {
    TrustBatchCommand command = TrustCommands.batch(edge.exchange().body(body));
    int requested = command.entries().size();
    // a paid batch is settled only when every wallet's profile was signed: the payment is for
    // the whole batch, so a batch with failed wallets is answered 503 and costs nothing
    return edge.serve(
        TrustBatchUseCase.call(command),
        payer -> batches.profiles(payer, command),
        new PerCallPayments.Answers<>(
            outcome -> respond(outcome, requested),
            this::unpaidBatch,
            answered -> envelopes.ok(batchData((TrustBatchOutcome.Answered) answered, requested))));
  }

  // the quote routes repeat AttestResource's by design: one GET and HEAD per metered operation,
  // the quote itself is PayableExchange's
  @GET
  @PayPerCall
  @RateLimited(RatePolicy.PAY_PER_CALL)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The x402 quote for a one-wallet trust profile")
  public Response quoteTrust() {
    return edge.quote(MeteredOperation.TRUST, false);
  }

  @HEAD
  @PayPerCall
  @RateLimited(RatePolicy.PAY_PER_CALL)
  public Response quoteTrustHead() {
    return edge.quote(MeteredOperation.TRUST, true);
  }

  @GET
  @Path("/batch")
  @PayPerCall
  @RateLimited(RatePolicy.PAY_PER_CALL)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The x402 quote for a one-wallet trust batch")
  public Response quoteBatch() {
    return edge.quote(MeteredOperation.TRUST_BATCH, false);
  }

  @HEAD
  @Path("/batch")
  @PayPerCall
  @RateLimited(RatePolicy.PAY_PER_CALL)
  public Response quoteBatchHead() {
    return edge.quote(MeteredOperation.TRUST_BATCH, true);
  }

  private Response respond(TrustOutcome outcome) {
    if (outcome instanceof TrustOutcome.Signed signed) {
      return envelopes.okSigned(
          signed.dataJson(), signed.creditsRemaining(), signed.creditsCharged());
    }
    if (outcome instanceof TrustOutcome.Unavailable unavailable) {
      return envelopes.rpcFailure(failedReads(unavailable.failures()));
    }
    TrustOutcome.InsufficientCredits shortOf = (TrustOutcome.InsufficientCredits) outcome;
    return envelopes.error(
        PayableExchange.insufficientCredits(shortOf.available(), shortOf.required()));
  }

  private Response respond(TrustBatchOutcome outcome, int requested) {
    if (outcome instanceof TrustBatchOutcome.InsufficientCredits shortOf) {
      return envelopes.error(
          PayableExchange.insufficientCredits(shortOf.available(), shortOf.required()));
    }
    TrustBatchOutcome.Answered answered = (TrustBatchOutcome.Answered) outcome;
    return envelopes.okMetered(
        batchData(answered, requested), answered.creditsRemaining(), answered.creditsCharged());
  }

  /** A paid batch that did not deliver every profile: 503 naming every read that failed. */
  private Response unpaidBatch(TrustBatchOutcome outcome) {
    List<Envelopes.FailedRead> failed = new ArrayList<>();
    for (TrustBatchOutcome.Entry entry : ((TrustBatchOutcome.Answered) outcome).results()) {
      if (entry instanceof TrustBatchOutcome.Failed f) {
        failed.addAll(failedReads(f.failures()));
      }
    }
    return envelopes.rpcFailure(failed);
  }

  private BatchData batchData(TrustBatchOutcome.Answered answered, int requested) {
    List<Object> results = new ArrayList<>();
    for (TrustBatchOutcome.Entry entry : answered.results()) {
      if (entry instanceof TrustBatchOutcome.Profiled profiled) {
        results.add(new RawValue(profiled.dataJson()));
      } else {
        TrustBatchOutcome.Failed failed = (TrustBatchOutcome.Failed) entry;
        results.add(
            new BatchError(
                false,
                failed.wallet(),
                new Envelopes.RpcFailureBody(
                    "rpc_failure", Envelopes.RPC_FAILURE_MESSAGE, failedReads(failed.failures()))));
      }
    }
    long succeeded = answered.succeeded();
    return new BatchData(results, new BatchSummary(requested, succeeded, requested - succeeded));
  }

  static List<Envelopes.FailedRead> failedReads(List<TrustFailure> failures) {
    return failures.stream()
        .map(
            f ->
                new Envelopes.FailedRead(
                    f.source().wireName(), f.chainId().wireValue(), f.message()))
        .toList();
  }
}
