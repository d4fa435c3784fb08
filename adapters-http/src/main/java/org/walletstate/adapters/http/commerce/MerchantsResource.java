package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.caching.Validated;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.commerce.port.in.MerchantQueries;
import org.walletstate.application.commerce.port.in.MerchantQueryCommands;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.Merchant;

/**
 * {@code /v1/merchants} reads: the public directory and single read (no key), the owner's full
 * status (API key; the owner key only). The other {@code /v1/merchants} resources, one per use
 * case: {@link MerchantOnboardingResource}, {@link MerchantConfigurationResource}, {@link
 * MerchantScannersResource}, {@link DomainVerificationResource}.
 */
@Path("/v1/merchants")
@Tag(name = "merchants")
public class MerchantsResource {

  // fields and constructor as the other owner-key resources' by design: CDI hands each its use case
  private final MerchantQueries queries;
  private final Exchange edge;
  private final OwnerCalls owner;

  @Inject
  public MerchantsResource(MerchantQueries queries, Exchange edge) {
    this.queries = queries;
    this.edge = edge;
    this.owner = new OwnerCalls(edge);
  }

  // declared as the other owner-key GETs by design: its own route and query
  @GET
  @Path("/{id}/status")
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Private full details of a merchant (owner key)")
  public Uni<Response> status(@PathParam("id") String id) {
    CompanyId merchant = merchantId(id);
    return owner.owned(merchant, key -> queries.status(key, merchant), MerchantViews::status);
  }

  // the public reads are declared alike by design: each its own route, both the directory's rate
  // policy
  @Validated
  @GET
  @Path("/{id}")
  @RateLimited(RatePolicy.DIRECTORY)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Public details of one published merchant; unpublished or paused is 404")
  public Uni<Response> one(@PathParam("id") String id) {
    CompanyId merchant = merchantId(id);
    return queries.publicView(merchant).map(found -> edge.ok(published(merchant, found)));
  }

  /** The public view of a published merchant, or 404: this read's and {@code get_merchant}'s. */
  static Map<String, Object> published(CompanyId merchant, Optional<Merchant> found) {
    return MerchantViews.publicView(found.orElseThrow(() -> notFound(merchant.value())));
  }

  // declared as the single read by design: the list has its own query parameters
  @Validated
  @GET
  @RateLimited(RatePolicy.DIRECTORY)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Published merchants (paused stores left out), by token symbol and verified")
  public Uni<Response> list(
      @QueryParam("token") String token,
      @QueryParam("verified") String verified,
      @QueryParam("limit") String limit,
      @QueryParam("offset") String offset) {
    DirectoryQuery query = MerchantQueryCommands.directory(token, verified, limit, offset);
    return queries.directory(query).map(page -> edge.ok(MerchantViews.directoryPage(page)));
  }

  public static CompanyId merchantId(String id) {
    try {
      return CompanyId.parse(id);
    } catch (ValidationException e) {
      throw notFound(id);
    }
  }

  public static ApiError notFound(String id) {
    String shown = id.length() > 50 ? id.substring(0, 50) + "…" : id;
    return new ApiError(404, "Merchant not found: " + shown);
  }
}
