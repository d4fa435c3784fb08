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
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.account.port.in.CreateFreeKeyCommands;
import org.walletstate.application.account.port.in.CreateFreeKeyUseCase;
import org.walletstate.domain.account.FreeKeyRequest;

/** {@code POST /v1/keys/create}: a free-tier key, one per email, shown once. */
@Path("/v1/keys/create")
@Tag(name = "account")
public class KeysResource {

  private final CreateFreeKeyUseCase createFreeKey;
  private final Exchange edge;

  @Inject
  public KeysResource(CreateFreeKeyUseCase createFreeKey, Exchange edge) {
    this.createFreeKey = createFreeKey;
    this.edge = edge;
  }

  /** The flat body of a created key; {@code key} appears here and nowhere else, ever. */
  @JsonPropertyOrder({"success", "key", "name", "tier", "dailyLimit", "apiKeyCredits"})
  public record CreatedKey(
      boolean success, String key, String name, String tier, int dailyLimit, int apiKeyCredits) {}

  /** The 409 of a second free key for one address; it names no address. */
  static final String ALREADY_EXISTS =
      "A key already exists for this email address; each email address gets one free key";

  // Declared like the other POST endpoints by design: each has its own route, limit and use case.
  @Idempotent(revealsSecret = true)
  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @RateLimited(RatePolicy.KEYS_CREATE)
  @Operation(summary = "Create a free-tier API key (10 one-time credits, 100 requests a day)")
  public Uni<Response> create(byte[] body) {
    FreeKeyRequest request = CreateFreeKeyCommands.request(edge.body(body), KeysResource::paidTier);
    return createFreeKey
        .create(request)
        .map(
            outcome -> {
              if (outcome instanceof CreateFreeKeyUseCase.Outcome.Issued issued) {
                return Response.ok(
                        new CreatedKey(
                            true,
                            issued.key().reveal(),
                            issued.request().appName().value(),
                            issued.plan().wireName(),
                            issued.plan().dailyLimit(),
                            issued.credits()),
                        MediaType.APPLICATION_JSON_TYPE)
                    .header("Cache-Control", "no-store")
                    .build();
              }
              // the address is not repeated: the answer must not confirm whose key exists
              throw new ApiError(409, ALREADY_EXISTS);
            });
  }

  /** The 400 of a paid tier asked for by email, and where a paid key is bought. */
  static String paidTier(CreateFreeKeyCommands.PaidTier paid) {
    return paid.reason() + "; paid keys come from POST /v1/keys/buy";
  }
}
