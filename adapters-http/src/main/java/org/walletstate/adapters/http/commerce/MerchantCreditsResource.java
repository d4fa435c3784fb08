package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.adapters.http.payment.PaymentAnswers;
import org.walletstate.adapters.http.payment.PurchaseRefusals;
import org.walletstate.application.commerce.port.in.MerchantCreditsCommands;
import org.walletstate.application.commerce.port.in.MerchantCreditsUseCase;
import org.walletstate.application.commerce.port.in.MerchantCreditsUseCase.Outcome;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.MerchantCreditsRequest;

/**
 * {@code POST /v1/merchants/{id}/credits}: credits for the merchant's owner key from an on-chain
 * payment, at 25 per USD, under the payer rules of every purchase (docs/merchants.md, "Credits").
 */
@Path("/v1/merchants/{id}/credits")
@Tag(name = "merchants")
public class MerchantCreditsResource {

  // fields and constructor as the other owner-key resources' by design: CDI hands each its use case
  private final MerchantCreditsUseCase credits;
  private final Exchange edge;
  private final OwnerCalls owner;

  @Inject
  public MerchantCreditsResource(MerchantCreditsUseCase credits, Exchange edge) {
    this.credits = credits;
    this.edge = edge;
    this.owner = new OwnerCalls(edge);
  }

  // declared as every keyed JSON POST by design: the route and use case are this endpoint's
  @Idempotent
  @POST
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Credits for the owner key from an on-chain payment, 25 per USD (owner key)")
  public Uni<Response> credits(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    MerchantCreditsRequest request = MerchantCreditsCommands.purchase(edge.body(body));
    return owner.answered(merchant, key -> credits.buy(key, merchant, request), this::answer);
  }

  private Response answer(Outcome outcome) {
    if (outcome instanceof Outcome.Credited credited) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("creditsAdded", credited.credits());
      v.put("totalCredits", credited.balance());
      v.put("usdcPaid", credited.payment().usd().toPlainString());
      v.put("chainName", ChainCatalogue.require(credited.payment().chain()).name());
      return edge.ok(v);
    }
    if (outcome instanceof Outcome.Refused refused) {
      return PurchaseRefusals.answer(edge.envelopes(), refused.refusal());
    }
    if (outcome instanceof Outcome.WalletMismatch mismatch) {
      throw PaymentAnswers.walletMismatch(mismatch.payment(), mismatch.registered());
    }
    throw PaymentAnswers.walletOfAnotherKey(((Outcome.WalletOfAnotherKey) outcome).payment());
  }
}
