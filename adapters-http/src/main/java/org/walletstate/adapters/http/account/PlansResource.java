package org.walletstate.adapters.http.account;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.adapters.http.payment.PurchaseRefusals;
import org.walletstate.application.account.port.in.BuyPlanCommands;
import org.walletstate.application.account.port.in.BuyPlanUseCase;
import org.walletstate.application.account.port.in.BuyPlanUseCase.Outcome;
import org.walletstate.domain.account.PlanPurchaseRequest;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.payload.Timestamps;

/**
 * {@code POST /v1/plans/buy}: a month of pro or enterprise for the caller's key, paid on chain
 * (docs/billing.md, "Buying a plan").
 */
@Path("/v1/plans")
@Tag(name = "account")
public class PlansResource {

  private final BuyPlanUseCase buyPlan;
  private final Exchange edge;

  @Inject
  public PlansResource(BuyPlanUseCase buyPlan, Exchange edge) {
    this.buyPlan = buyPlan;
    this.edge = edge;
  }

  /** The {@code data} of a bought month. */
  @JsonPropertyOrder({
    "plan",
    "paidFrom",
    "paidUntil",
    "monthCredits",
    "creditsAdded",
    "totalCredits",
    "currentPlan",
    "dailyLimit",
    "usdcPaid",
    "token",
    "chainName",
    "wallet"
  })
  public record BoughtMonth(
      String plan,
      String paidFrom,
      String paidUntil,
      long monthCredits,
      long creditsAdded,
      long totalCredits,
      String currentPlan,
      int dailyLimit,
      String usdcPaid,
      String token,
      String chainName,
      String wallet) {}

  // declared as CreditsResource.buy by design: each purchase has its own route and use case, and
  // the refusals are PurchaseRefusals'
  @Idempotent
  @POST
  @Path("buy")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Buy a month of pro or enterprise with an on-chain payment")
  public Uni<Response> buy(byte[] body) {
    PlanPurchaseRequest request = BuyPlanCommands.purchase(edge.body(body));
    return buyPlan.buy(edge.account(), request).map(this::answer);
  }

  private Response answer(Outcome outcome) {
    if (outcome instanceof Outcome.Refused refused) {
      return PurchaseRefusals.answer(edge.envelopes(), refused.refusal());
    }
    Outcome.Bought bought = (Outcome.Bought) outcome;
    return edge.ok(
        new BoughtMonth(
            bought.bought().wireName(),
            Timestamps.iso(bought.startsAt()),
            Timestamps.iso(bought.endsAt()),
            bought.credits(),
            bought.granted(),
            bought.balance(),
            bought.plan().wireName(),
            bought.dailyLimit(),
            bought.payment().usd().toPlainString(),
            bought.payment().token(),
            ChainCatalogue.require(bought.payment().chain()).name(),
            bought.payment().sender().text()));
  }
}
