package org.walletstate.adapters.http.account;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.CurrentCaller;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.application.account.port.in.CreditsOverviewQuery;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.MeteredOperation;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.Timestamps;

/** {@code GET /v1/credits}: the caller's balance, plan, today's usage and what calls cost. */
@Path("/v1/credits")
@Tag(name = "account")
public class CreditsResource {

  private final CreditsOverviewQuery overview;
  private final CurrentCaller caller;
  private final Envelopes envelopes;

  @Inject
  public CreditsResource(CreditsOverviewQuery overview, CurrentCaller caller, Envelopes envelopes) {
    this.overview = overview;
    this.caller = caller;
    this.envelopes = envelopes;
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
