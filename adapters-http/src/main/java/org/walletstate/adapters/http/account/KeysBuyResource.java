package org.walletstate.adapters.http.account;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.adapters.http.payment.PurchaseRefusals;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.account.port.in.BuyKeyCommands;
import org.walletstate.application.account.port.in.BuyKeyUseCase;
import org.walletstate.application.account.port.in.BuyKeyUseCase.Outcome;
import org.walletstate.domain.account.AccessPassState;
import org.walletstate.domain.account.KeyDelivery;
import org.walletstate.domain.account.KeyPurchaseRequest;
import org.walletstate.domain.account.PurchaseLimit;
import org.walletstate.domain.chain.ChainCatalogue;

/**
 * {@code POST /v1/keys/buy}: a key paid on chain, no authentication. The paying wallet becomes the
 * key's identity (unless claimed with a payment intent); the payment buys credits at the volume
 * rate; EVM purchases mint the access pass. The key string goes only to a caller that proved it
 * paid (docs/billing.md, "Who may claim a payment").
 */
@Path("/v1/keys/buy")
@Tag(name = "account")
public class KeysBuyResource {

  private final BuyKeyUseCase buyKey;
  private final Exchange edge;
  private final String walletAuthDomain;

  @Inject
  public KeysBuyResource(
      BuyKeyUseCase buyKey,
      Exchange edge,
      @ConfigProperty(name = "walletstate.wallet-auth.domain") Optional<String> walletAuthDomain) {
    this.buyKey = buyKey;
    this.edge = edge;
    this.walletAuthDomain = walletAuthDomain.orElse("(not configured)");
  }

  /** The access pass after the purchase. */
  @JsonPropertyOrder({"chainId", "status"})
  public record AccessPass(long chainId, String status) {}

  /** The flat body of a bought key; {@code key} appears here at most once, ever. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({
    "success",
    "key",
    "name",
    "tier",
    "dailyLimit",
    "apiKeyCredits",
    "creditsAdded",
    "wallet",
    "chainName",
    "token",
    "usdcPaid",
    "authMethod",
    "authHint",
    "accessPass"
  })
  public record BoughtKey(
      boolean success,
      String key,
      String name,
      String tier,
      int dailyLimit,
      long apiKeyCredits,
      long creditsAdded,
      String wallet,
      String chainName,
      String token,
      String usdcPaid,
      String authMethod,
      String authHint,
      AccessPass accessPass) {}

  // Declared like the other POST endpoints by design: each has its own route, limit and use case.
  @Idempotent(revealsSecret = true)
  @POST
  @RateLimited(RatePolicy.KEYS_BUY)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "Buy a key with an on-chain payment (the paying wallet becomes its identity)")
  public Uni<Response> buy(byte[] body) {
    KeyPurchaseRequest request = BuyKeyCommands.purchase(edge.body(body));
    return buyKey.buy(request).map(outcome -> answer(request, outcome));
  }

  private Response answer(KeyPurchaseRequest request, Outcome outcome) {
    if (outcome instanceof Outcome.Bought bought) {
      boolean walletPath = bought.authMethod() != KeyDelivery.API_KEY;
      String hint =
          walletPath
              ? "Sign in with Authorization: Wallet: an EIP-4361 message for domain "
                  + walletAuthDomain
                  + ", signed (EIP-191) by "
                  + bought.wallet().map(w -> w.text()).orElse("")
                  + (bought.pass() == AccessPassState.MINTED
                      ? ", which holds the access pass on chain 8453"
                      : ", once its access pass on chain 8453 is minted (pending; until then use"
                          + " the key)")
              : null;
      return Response.ok(
              new BoughtKey(
                  true,
                  bought.key().map(k -> k.reveal()).orElse(null),
                  request.appName().value(),
                  bought.plan().wireName(),
                  PurchaseLimit.dailyLimit(bought.plan(), bought.payment().usd()),
                  bought.balance(),
                  bought.credits(),
                  bought.wallet().map(w -> w.text()).orElse(null),
                  ChainCatalogue.require(bought.payment().chain()).name(),
                  bought.payment().token(),
                  bought.payment().usd().toPlainString(),
                  bought.authMethod().wireName(),
                  hint,
                  bought.pass() == AccessPassState.NONE
                      ? null
                      : new AccessPass(
                          8453, bought.pass() == AccessPassState.MINTED ? "minted" : "pending")),
              MediaType.APPLICATION_JSON_TYPE)
          .header("Cache-Control", "no-store")
          .build();
    }
    if (outcome instanceof Outcome.Refused refused) {
      return PurchaseRefusals.answer(edge.envelopes(), refused.refusal());
    }
    Outcome.WalletHasKey taken = (Outcome.WalletHasKey) outcome;
    throw new ApiError(
        409,
        "Wallet "
            + taken.payment().sender().text()
            + " already has a key (one key per wallet); buy more credits for it with POST"
            + " /v1/credits/buy. Nothing was credited.");
  }
}
