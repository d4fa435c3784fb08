package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.application.commerce.port.in.MerchantQueries;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.payload.Timestamps;

/**
 * {@code GET /v1/keys/merchants}: the stores the calling key owns, so an owner (the store console)
 * can pick one without knowing its id. Only the key's own stores; nothing of anyone else's.
 */
@Path("/v1/keys/merchants")
@Tag(name = "merchants")
public class OwnedMerchantsResource {

  // queries and edge injected through the constructor, as in every resource, by design
  private final MerchantQueries queries;
  private final Exchange edge;

  @Inject
  public OwnedMerchantsResource(MerchantQueries queries, Exchange edge) {
    this.queries = queries;
    this.edge = edge;
  }

  // declared as the other keyed GETs by design: its own route and query
  @GET
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The merchants the calling key owns, oldest first")
  public Uni<Response> owned() {
    return queries.owned(edge.account()).map(list -> edge.ok(view(list)));
  }

  static Map<String, Object> view(List<Merchant> merchants) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("merchants", merchants.stream().map(OwnedMerchantsResource::entry).toList());
    v.put("count", merchants.size());
    return v;
  }

  private static Map<String, Object> entry(Merchant m) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("id", m.id().value());
    v.put("companyName", m.companyName());
    v.put("createdAt", Timestamps.iso(m.createdAt()));
    v.put("listedInDirectory", m.listed());
    v.put("paused", m.paused());
    v.put("verification", MerchantViews.verification(m.verification()));
    return v;
  }
}
