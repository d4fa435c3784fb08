package org.walletstate.adapters.http.signing;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.caching.Validated;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.signing.port.in.KeySetQuery;

/**
 * The key set every signed result is checked against: EC entries, then AKP (ML-DSA-65) entries.
 * Public, cacheable for 24 hours, served at {@code /v1/jwks} and {@code /.well-known/jwks.json}.
 */
@Path("/")
@Tag(name = "core")
public class JwksResource {

  static final int MAX_AGE_SECONDS = 24 * 60 * 60;

  /** Public and fresh for a day; the strong ETag lets a verifier revalidate cheaply. */
  static final String CACHE_CONTROL = "public, max-age=" + MAX_AGE_SECONDS;

  private final String jwks;

  @Inject
  public JwksResource(KeySetQuery keys) {
    this.jwks = keys.jwksJson();
  }

  // The one key set declared at its two paths by design: each route has its own declaration.
  @GET
  @Path("v1/jwks")
  @Produces(MediaType.APPLICATION_JSON)
  @RateLimited(RatePolicy.KEY_SET)
  @Validated(CACHE_CONTROL)
  @Operation(summary = "The public key set (P-256 and ML-DSA-65) results are signed with")
  public Response jwks() {
    return keySet();
  }

  @GET
  @Path(".well-known/jwks.json")
  @Produces(MediaType.APPLICATION_JSON)
  @RateLimited(RatePolicy.KEY_SET)
  @Validated(CACHE_CONTROL)
  @Operation(summary = "The same key set at its well-known location")
  public Response wellKnown() {
    return keySet();
  }

  private Response keySet() {
    return Response.ok(jwks, MediaType.APPLICATION_JSON_TYPE).build();
  }
}
