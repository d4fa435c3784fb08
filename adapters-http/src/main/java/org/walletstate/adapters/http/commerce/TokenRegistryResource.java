package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.application.commerce.port.in.TokenRegistryUseCase;
import org.walletstate.application.commerce.port.out.TokenRegistry;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.RegistrySubmission;
import org.walletstate.domain.payload.Timestamps;

/** The public token registry: {@code GET /v1/tokens} and {@code POST /v1/registry/submit}. */
@Path("/v1")
@Tag(name = "merchants")
public class TokenRegistryResource {

  private final TokenRegistryUseCase registry;
  private final JsonBodies bodies;
  private final Envelopes envelopes;

  @Inject
  public TokenRegistryResource(
      TokenRegistryUseCase registry, JsonBodies bodies, Envelopes envelopes) {
    this.registry = registry;
    this.bodies = bodies;
    this.envelopes = envelopes;
  }

  @GET
  @Path("/tokens")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Supported tokens and NFT collections, by chain, symbol and type")
  public Uni<Response> tokens(
      @QueryParam("chain") String chain,
      @QueryParam("symbol") String symbol,
      @QueryParam("type") String type) {
    RegistryQuery query = RegistryQuery.parse(chain, symbol, type);
    return registry
        .list(query)
        .map(
            entries -> {
              Map<String, Object> v = new LinkedHashMap<>();
              v.put("tokens", entries.stream().map(TokenRegistryResource::listed).toList());
              v.put("count", entries.size());
              return envelopes.ok(v);
            });
  }

  private static Map<String, Object> listed(TokenRegistry.Entry e) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("symbol", e.symbol());
    v.put("name", e.name().orElse(null));
    v.put("chainId", e.chainId());
    v.put("contractAddress", e.contractAddress());
    e.currency().ifPresent(c -> v.put("currency", c));
    v.put("decimals", e.decimals().orElse(null));
    v.put("type", e.type());
    v.put("logo", e.logo().orElse(null));
    return v;
  }

  @POST
  @Path("/registry/submit")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Submit a token or NFT collection for review (free; pending until reviewed)")
  public Uni<Response> submit(byte[] body) {
    RegistrySubmission submission = RegistrySubmission.parse(bodies.object(body));
    return registry
        .submit(submission, Optional.empty())
        .map(
            submitted -> {
              TokenRegistry.Entry e = submitted.entry();
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
              return envelopes.ok(v);
            });
  }
}
