package org.walletstate.adapters.http.account;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.CurrentCaller;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.adapters.http.payment.PaymentAnswers;
import org.walletstate.adapters.http.payment.PurchaseRefusals;
import org.walletstate.application.account.port.in.BuyCreditsCommands;
import org.walletstate.application.account.port.in.BuyCreditsUseCase;
import org.walletstate.application.account.port.in.BuyCreditsUseCase.Outcome;
import org.walletstate.application.account.port.in.CreditsOverviewQuery;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.CreditPurchaseRequest;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.Timestamps;

/**
 * {@code GET /v1/credits}: the caller's balance, plan, today's usage and what calls cost; {@code
 * POST /v1/credits/buy}: credits bought with an on-chain payment.
 */
@Path("/v1/credits")
@Tag(name = "account")
public class CreditsResource {

  // Held field by field like every resource's by design: the container injects each one.
  private final CreditsOverviewQuery overview;
  private final BuyCreditsUseCase buyCredits;
  private final Exchange edge;
  private final CurrentCaller caller;
  private final Envelopes envelopes;

  @Inject
  public CreditsResource(
      CreditsOverviewQuery overview, BuyCreditsUseCase buyCredits, Exchange edge) {
    this.overview = overview;
    this.buyCredits = buyCredits;
    this.edge = edge;
    this.caller = edge.caller();
    this.envelopes = edge.envelopes();
  }

  /** The {@code data} of a purchase. */
  @JsonPropertyOrder({
    "creditsAdded",
    "totalCredits",
    "usdcPaid",
    "token",
    "chainName",
    "rate",
    "wallet",
    "walletRegistered",
    "updateWalletIgnored"
  })
  public record Purchase(
      long creditsAdded,
      long totalCredits,
      String usdcPaid,
      String token,
      String chainName,
      int rate,
      String wallet,
      boolean walletRegistered,
      boolean updateWalletIgnored) {}

  @Idempotent
  @POST
  @Path("buy")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Buy credits with an on-chain payment (volume rates)")
  public Uni<Response> buy(byte[] body) {
    var key = caller.key().orElseThrow();
    CreditPurchaseRequest request = BuyCreditsCommands.purchase(edge.body(body));
    return buyCredits
        .buy(key.account(), request, caller.walletAuthenticated())
        .map(outcome -> answer(request, outcome));
  }

  /** A stored EVM wallet in its checksummed form; other families as stored. */
  private static String shown(String wallet) {
    try {
      return wallet.startsWith("0x") ? EvmAddress.of(wallet).checksummed() : wallet;
    } catch (RuntimeException e) {
      return wallet;
    }
  }

  private Response answer(CreditPurchaseRequest request, Outcome outcome) {
    if (outcome instanceof Outcome.Credited credited) {
      return envelopes.ok(
          new Purchase(
              credited.credits(),
              credited.balance(),
              credited.payment().usd().toPlainString(),
              credited.payment().token(),
              ChainCatalogue.require(credited.payment().chain()).name(),
              credited.rate(),
              credited.payment().sender().text(),
              credited.walletChanged(),
              credited.updateWalletIgnored()));
    }
    if (outcome instanceof Outcome.Refused refused) {
      return PurchaseRefusals.answer(envelopes, refused.refusal());
    }
    if (outcome instanceof Outcome.WalletMismatch mismatch) {
      throw PaymentAnswers.walletMismatch(mismatch.payment(), shown(mismatch.registered()));
    }
    throw PaymentAnswers.walletOfAnotherKey(((Outcome.WalletOfAnotherKey) outcome).payment());
  }

  /** Costs in credits of the metered operations. */
  @JsonPropertyOrder({"attest", "attestWithProof", "trustPerWallet", "trustPerWalletWithProof"})
  public record Costs(
      long attest, long attestWithProof, long trustPerWallet, long trustPerWalletWithProof) {
    static final Costs CURRENT =
        new Costs(
            price(MeteredOperation.ATTEST, false),
            price(MeteredOperation.ATTEST, true),
            price(MeteredOperation.TRUST, false),
            price(MeteredOperation.TRUST, true));

    private static long price(MeteredOperation operation, boolean proof) {
      return CreditPrice.of(new CreditPrice.Call(operation, 1, proof)).credits();
    }
  }

  /** The body's {@code data}. */
  @JsonPropertyOrder({
    "credits",
    "plan",
    "keyVersion",
    "dailyLimit",
    "requestsToday",
    "requestsRemainingToday",
    "dailyLimitResetsAt",
    "costs",
    "topUp"
  })
  public record Credits(
      long credits,
      String plan,
      String keyVersion,
      int dailyLimit,
      int requestsToday,
      int requestsRemainingToday,
      String dailyLimitResetsAt,
      Costs costs,
      String topUp) {}

  @GET
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The caller's credit balance, plan and daily usage")
  public Uni<Response> credits() {
    var key = caller.key().orElseThrow();
    return overview
        .of(key.account(), key.usage())
        .map(
            view ->
                envelopes.ok(
                    new Credits(
                        view.balance(),
                        view.account().plan().wireName(),
                        view.account().version() == KeyVersion.V1 ? "v1" : "v2",
                        view.usage().limit(),
                        view.usage().used(),
                        view.usage().remaining(),
                        Timestamps.iso(view.usage().window().resetsAt()),
                        Costs.CURRENT,
                        "POST /v1/credits/buy")));
  }
}
