package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase.EligibilityOutcome;
import org.walletstate.domain.commerce.discount.DiscountRequest;

/**
 * {@code GET /v1/discount/check}: public, free: what a wallet gets without a proof, and {@code
 * discountIfProven}. No code, no credit.
 */
@Path("/v1/discount/check")
@Tag(name = "discounts")
public class DiscountCheckResource {

  private final DiscountEligibilityUseCase eligibility;
  private final Envelopes envelopes;

  @Inject
  public DiscountCheckResource(DiscountEligibilityUseCase eligibility, Envelopes envelopes) {
    this.eligibility = eligibility;
    this.envelopes = envelopes;
  }

  @GET
  @RateLimited(RatePolicy.DISCOUNT_CHECK)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Preview a wallet's discount at a store: no code, no credit")
  public Uni<Response> check(
      @QueryParam("merchant") String merchant,
      @QueryParam("wallet") String wallet,
      @QueryParam("solanaWallet") String solanaWallet,
      @QueryParam("xrplWallet") String xrplWallet) {
    Map<String, String> query = new HashMap<>();
    put(query, "merchant", merchant);
    put(query, "wallet", wallet);
    put(query, "solanaWallet", solanaWallet);
    put(query, "xrplWallet", xrplWallet);
    DiscountRequest request = DiscountRequest.check(query);
    return eligibility
        .eligibility(
            new DiscountEligibilityUseCase.EligibilityQuery(
                request.merchant(), request.wallets(), false))
        .map(
            outcome -> {
              if (outcome instanceof EligibilityOutcome.Computed computed) {
                return envelopes.ok(
                    DiscountViews.check(computed.merchant().id().value(), computed.eligibility()));
              }
              if (outcome instanceof EligibilityOutcome.RpcFailure failure) {
                return DiscountAnswers.rpcFailure(envelopes, failure.failures());
              }
              throw DiscountAnswers.refusal(outcome, request.merchant());
            });
  }

  private static void put(Map<String, String> query, String name, String value) {
    if (value != null) {
      query.put(name, value);
    }
  }
}
