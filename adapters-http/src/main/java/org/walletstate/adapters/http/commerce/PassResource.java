package org.walletstate.adapters.http.commerce;

import com.fasterxml.jackson.databind.util.RawValue;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.KeyOrScanner;
import org.walletstate.adapters.http.auth.SignInPurposes;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.commerce.port.in.IssuePassCommands;
import org.walletstate.application.commerce.port.in.IssuePassUseCase;
import org.walletstate.application.commerce.port.in.VerifyPassCommands;
import org.walletstate.application.commerce.port.in.VerifyPassUseCase;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.commerce.PassRequest;
import org.walletstate.domain.commerce.PassScan;
import org.walletstate.domain.payload.Timestamps;

/** The customer's in-store pass ({@code POST /v1/pass}) and the till's check of it. */
@Path("/v1/pass")
@Tag(name = "point of sale")
public class PassResource {

  // use cases and edge injected through the constructor, as in every resource, by design
  private final IssuePassUseCase issuing;
  private final VerifyPassUseCase verifying;
  private final Exchange edge;

  @Inject
  public PassResource(IssuePassUseCase issuing, VerifyPassUseCase verifying, Exchange edge) {
    this.issuing = issuing;
    this.verifying = verifying;
    this.edge = edge;
  }

  // declared as the other JSON POSTs by design: its own route, rate policy and use case
  @POST
  @RateLimited(RatePolicy.PASS_ISSUE)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "A signed pass for a wallet that signs in (EIP-4361) or renews")
  public Uni<Response> issue(byte[] body) {
    PassRequest request = IssuePassCommands.passRequest(edge.body(body));
    return issuing
        .issue(request)
        .map(
            outcome -> {
              if (outcome instanceof IssuePassUseCase.Issue.Refused refused) {
                throw new ApiError(401, "Sign-in refused: " + refused.reason());
              }
              if (outcome instanceof IssuePassUseCase.Issue.OtherPurpose other) {
                throw new ApiError(
                    401, "Sign-in refused: " + SignInPurposes.refusal(other.mismatch()));
              }
              var issued = (IssuePassUseCase.Issue.Issued) outcome;
              Map<String, Object> v = new LinkedHashMap<>();
              v.put("signed", new RawValue(issued.dataJson()));
              v.put("code", issued.code());
              v.put("wallet", issued.pass().wallet().checksummed());
              v.put("issuedAt", Timestamps.iso(issued.pass().issuedAt()));
              v.put("expiresAt", Timestamps.iso(issued.pass().expiresAt()));
              v.put(
                  "refreshAt",
                  Timestamps.iso(issued.pass().issuedAt().plus(InStorePass.REFRESH_AFTER)));
              v.put("renewal", issued.renewal());
              if (issued.renewalExpiresAt() != null) {
                v.put("renewalExpiresAt", Timestamps.iso(issued.renewalExpiresAt()));
              }
              return edge.ok(v);
            });
  }

  // declared as the issue by design: the till's check has its own route, callers and rate policy
  @POST
  @Path("/verify")
  @KeyOrScanner
  @RateLimited(RatePolicy.PASS_VERIFY)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "Check a scanned pass and compute its discount (scanner session or owner key)")
  public Uni<Response> verify(byte[] body) {
    PassScan scan = VerifyPassCommands.passScan(edge.body(body));
    return verifying
        .verify(edge.caller().scannerMerchant(), edge.caller().key().map(k -> k.account()), scan)
        .map(this::answer);
  }

  private Response answer(VerifyPassUseCase.Verify verify) {
    if (verify instanceof VerifyPassUseCase.Verify.Scanned s) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("recognized", s.recognized());
      v.put("paused", s.paused());
      v.put("discount", s.discount());
      v.put("tier", s.tier().orElse(null));
      v.put("reason", s.reason().orElse(null));
      v.put("message", s.detail().orElse(null));
      v.put("merchantId", s.merchant().value());
      v.put("wallet", s.wallet().map(w -> w.checksummed()).orElse(null));
      v.put("issuedAt", s.pass().map(p -> Timestamps.iso(p.issuedAt())).orElse(null));
      v.put("expiresAt", s.pass().map(p -> Timestamps.iso(p.expiresAt())).orElse(null));
      v.put(
          "earned",
          s.earned().stream()
              .map(
                  e -> {
                    Map<String, Object> entry = new LinkedHashMap<>();
                    entry.put("source", e.symbol());
                    entry.put("tier", e.tier());
                    entry.put("discount", e.discount());
                    return entry;
                  })
              .toList());
      v.put("recognizedCollections", s.recognizedCollections());
      return edge.envelopes().okMetered(v, s.creditsRemaining(), s.creditsCharged());
    }
    if (verify instanceof VerifyPassUseCase.Verify.NotAPass no) {
      throw ApiError.badRequest(no.reason());
    }
    if (verify instanceof VerifyPassUseCase.Verify.MerchantRequired) {
      throw ApiError.badRequest("merchantId is required when the owner key verifies a pass");
    }
    if (verify instanceof VerifyPassUseCase.Verify.NoSuchMerchant none) {
      throw MerchantsResource.notFound(none.id());
    }
    if (verify instanceof VerifyPassUseCase.Verify.Forbidden forbidden) {
      throw new ApiError(403, forbidden.reason());
    }
    // each refusal keeps its own status and text by design
    if (verify instanceof VerifyPassUseCase.Verify.NoCredits none) {
      throw new ApiError(
          402,
          "The store's owner key has "
              + none.balance()
              + " credits; a scan that gives a discount takes 1. Nothing was charged.");
    }
    var unavailable = (VerifyPassUseCase.Verify.Unavailable) verify;
    return edge.envelopes()
        .rpcFailure(
            unavailable.chainIds().stream()
                .map(chain -> new Envelopes.FailedRead("chain_read", chain, unavailable.reason()))
                .toList());
  }
}
