package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.application.commerce.port.in.CreateMerchantUseCase;
import org.walletstate.domain.commerce.MerchantLimits;
import org.walletstate.domain.commerce.NewMerchant;

/** {@code POST /v1/merchants}: onboarding, a merchant owned by the calling key (API key). */
@Path("/v1/merchants")
@Tag(name = "merchants")
public class MerchantOnboardingResource {

  // use case and edge injected through the constructor, as in every resource, by design
  private final CreateMerchantUseCase create;
  private final Exchange edge;

  @Inject
  public MerchantOnboardingResource(CreateMerchantUseCase create, Exchange edge) {
    this.create = create;
    this.edge = edge;
  }

  // declared as every keyed JSON POST by design: the route and use case are this endpoint's
  @Idempotent
  @POST
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Create a merchant owned by the calling key (externalId: idempotent upsert)")
  public Uni<Response> create(byte[] body) {
    NewMerchant request = CreateMerchantCommands.newMerchant(edge.body(body));
    return create
        .create(edge.account(), request)
        .map(
            outcome -> {
              if (outcome instanceof CreateMerchantUseCase.Outcome.Stored stored) {
                return edge.ok(MerchantViews.created(stored.merchant(), stored.credits()));
              }
              // each refusal keeps its own status and text by design
              if (outcome instanceof CreateMerchantUseCase.Outcome.NameTaken taken) {
                throw new ApiError(
                    409,
                    "A merchant named \""
                        + taken.companyName()
                        + "\" already exists; send allowDuplicateName: true to use the name anyway");
              }
              if (outcome instanceof CreateMerchantUseCase.Outcome.IdTaken taken) {
                throw new ApiError(
                    409, "companyId " + taken.id() + " is taken; choose another companyId");
              }
              if (outcome instanceof CreateMerchantUseCase.Outcome.ExternalIdHeld held) {
                throw new ApiError(
                    409,
                    "externalId is already used by this key for merchant "
                        + held.existing()
                        + "; an upsert keeps its companyId");
              }
              if (outcome instanceof CreateMerchantUseCase.Outcome.ExternalIdNotAllowed) {
                throw new ApiError(403, "externalId is for partner-enabled API keys; leave it out");
              }
              // a 429 with Retry-After by design, as every limit answers
              int limit = ((CreateMerchantUseCase.Outcome.LimitReached) outcome).limit();
              throw new ApiError(
                  429,
                  "This API key owns "
                      + limit
                      + " merchants, the most one key may own"
                      + (limit == MerchantLimits.PER_KEY
                          ? "; partner-enabled keys may own more"
                          : ""),
                  Map.of("Retry-After", Long.toString(LIMIT_RETRY_SECONDS)));
            });
  }

  /** What a 429 for the merchant limit says: the count does not fall by itself. */
  static final long LIMIT_RETRY_SECONDS = 86_400;
}
