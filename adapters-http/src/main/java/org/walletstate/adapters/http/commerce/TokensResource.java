package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.caching.Validated;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.commerce.port.in.TokenRegistryCommands;
import org.walletstate.application.commerce.port.in.TokenRegistryUseCase;
import org.walletstate.domain.commerce.RegistryItem;
import org.walletstate.domain.commerce.RegistryQuery;

/** {@code GET /v1/tokens}: the public token registry. */
@Path("/v1/tokens")
@Tag(name = "merchants")
public class TokensResource {

  // use case and envelopes injected through the constructor, as in every resource, by design
  private final TokenRegistryUseCase registry;
  private final Envelopes envelopes;

  @Inject
  public TokensResource(TokenRegistryUseCase registry, Envelopes envelopes) {
    this.registry = registry;
    this.envelopes = envelopes;
  }

  // declared as the directory's GET by design: its own route and rate policy
  @Validated
  @GET
  @RateLimited(RatePolicy.TOKEN_REGISTRY)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Supported tokens and NFT collections, by chain, symbol and type")
  public Uni<Response> tokens(
      @QueryParam("chain") String chain,
      @QueryParam("symbol") String symbol,
      @QueryParam("type") String type) {
    RegistryQuery query = TokenRegistryCommands.query(chain, symbol, type);
    return registry.list(query).map(entries -> envelopes.ok(listing(entries)));
  }

  /** The registry's entries as this read and the MCP tool {@code list_tokens} answer them. */
  static Map<String, Object> listing(List<RegistryItem> entries) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("tokens", entries.stream().map(TokensResource::listed).toList());
    v.put("count", entries.size());
    return v;
  }

  public static Map<String, Object> listed(RegistryItem e) {
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
}
