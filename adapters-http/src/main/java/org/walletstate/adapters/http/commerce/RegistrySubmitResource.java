package org.walletstate.adapters.http.commerce;

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
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.commerce.port.in.TokenRegistryCommands;
import org.walletstate.application.commerce.port.in.TokenRegistryUseCase;
import org.walletstate.domain.commerce.RegistryItem;
import org.walletstate.domain.commerce.RegistrySubmission;
import org.walletstate.domain.payload.Timestamps;

/** {@code POST /v1/registry/submit}: a token or collection proposed for the registry. */
@Path("/v1/registry/submit")
@Tag(name = "merchants")
public class RegistrySubmitResource {

  // use case and edge injected through the constructor, as in every resource, by design
  private final TokenRegistryUseCase registry;
  private final Exchange edge;

  @Inject
  public RegistrySubmitResource(TokenRegistryUseCase registry, Exchange edge) {
    this.registry = registry;
    this.edge = edge;
  }

  // declared as the other JSON POSTs by design: keyless, with its own route and rate policy
  @Idempotent
  @POST
  @RateLimited(RatePolicy.REGISTRY_SUBMIT)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Submit a token or NFT collection for review (free; pending until reviewed)")
  public Uni<Response> submit(byte[] body) {
    RegistrySubmission submission = TokenRegistryCommands.submission(edge.body(body));
    return registry
        .submit(submission, Optional.empty())
        .map(
            submitted -> {
              RegistryItem e = submitted.item();
              Map<String, Object> v = new LinkedHashMap<>();
              v.put("chainId", e.chainId());
              v.put("contractAddress", e.contractAddress());
              e.currency().ifPresent(c -> v.put("currency", c));
              v.put("type", e.type());
              v.put("symbol", e.symbol());
              v.put("status", e.status());
              v.put("source", e.source());
              v.put("submittedAt", Timestamps.iso(e.createdAt()));
              v.put("duplicate", submitted.duplicate());
              return edge.ok(v);
            });
  }
}
