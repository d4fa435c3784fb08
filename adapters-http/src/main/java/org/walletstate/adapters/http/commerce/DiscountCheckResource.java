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
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.adapters.http.timing.ServerTimings;
import org.walletstate.application.commerce.port.in.DiscountCommands;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase.EligibilityOutcome;
import org.walletstate.domain.commerce.discount.DiscountRequest;

/**
 * {@code GET /v1/discount/check}: public, free: what a wallet gets without a proof, and {@code
 * discountIfProven}. No code, no credit, no signature; with {@code assurance}, how each chain was
 * read ({@code readAssurance}).
 */
@Path("/v1/discount/check")
@Tag(name = "discounts")
public class DiscountCheckResource {

  // use case and envelopes injected through the constructor, as in every resource, by design
  private final DiscountEligibilityUseCase eligibility;
  private final Envelopes envelopes;

  @Inject
  public DiscountCheckResource(DiscountEligibilityUseCase eligibility, Envelopes envelopes) {
    this.eligibility = eligibility;
    this.envelopes = envelopes;
  }

  // declared as the other public GETs by design: its own route and rate policy
  @GET
  @RateLimited(RatePolicy.DISCOUNT_CHECK)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Preview a wallet's discount at a store: no code, no credit")
  public Uni<Response> check(
      @QueryParam("merchant") String merchant,
      @QueryParam("wallet") String wallet,
      @QueryParam("solanaWallet") String solanaWallet,
      @QueryParam("xrplWallet") String xrplWallet,
      @QueryParam("assurance") String assurance) {
    DiscountRequest request =
        request(
            name ->
                switch (name) {
                  case "merchant" -> merchant;
                  case "wallet" -> wallet;
                  case "solanaWallet" -> solanaWallet;
                  case "xrplWallet" -> xrplWallet;
                  default -> assurance;
                });
    return ServerTimings.answered(
        () -> eligibility.eligibility(query(request)),
        outcome -> {
          if (outcome instanceof EligibilityOutcome.Computed computed) {
            return envelopes.ok(DiscountViews.check(request, computed));
          }
          if (outcome instanceof EligibilityOutcome.RpcFailure failure) {
            return DiscountAnswers.rpcFailure(envelopes, failure.failures());
          }
          throw DiscountAnswers.refusal(outcome, request.merchant());
        });
  }

  /**
   * A discount check's request, from {@code merchant}, {@code wallet}, {@code solanaWallet}, {@code
   * xrplWallet} and {@code assurance} as {@code parameter} gives them (null when absent); also the
   * MCP tool's.
   */
  public static DiscountRequest request(Function<String, String> parameter) {
    Map<String, String> query = new HashMap<>();
    for (String name : List.of("merchant", "wallet", "solanaWallet", "xrplWallet", "assurance")) {
      String value = parameter.apply(name);
      if (value != null) {
        query.put(name, value);
      }
    }
    return DiscountCommands.check(query);
  }

  /**
   * What a discount check asks: the request's wallets at its merchant, without a wallet proof, read
   * as its {@code assurance} asks.
   */
  public static DiscountEligibilityUseCase.EligibilityQuery query(DiscountRequest request) {
    return new DiscountEligibilityUseCase.EligibilityQuery(
        request.merchant(), request.wallets(), false, request.assurance());
  }
}
