package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.KeyOptional;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.commerce.port.in.DiscountCodeQuery;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;

/**
 * {@code GET /v1/codes/{code}}: public, always 200: the valid shape, or {@code {valid: false, code,
 * reason}} (not_found, expired, already_used). A text that is not a code is not_found. Without a
 * key the caller is held to the per-address {@link RatePolicy#CODE_VALIDATION} limit; a merchant's
 * checkout sending its key is held to the key's daily limit.
 */
@Path("/v1/codes")
@Tag(name = "discounts")
public class CodesResource {

  // query and envelopes injected through the constructor, as in every resource, by design
  private final DiscountCodeQuery codes;
  private final Envelopes envelopes;

  @Inject
  public CodesResource(DiscountCodeQuery codes, Envelopes envelopes) {
    this.codes = codes;
    this.envelopes = envelopes;
  }

  // declared as the other public GETs by design: its own route and rate policy
  @GET
  @Path("/{code}")
  @KeyOptional
  @RateLimited(RatePolicy.CODE_VALIDATION)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Validate a discount code (public, always 200)")
  public Uni<Response> code(@PathParam("code") String text) {
    return validated(codes, text).map(envelopes::ok);
  }

  /**
   * What {@code text} is as a discount code, this read's and {@code validate_code}'s answer: text
   * that is no code is not_found without a look-up.
   */
  static Uni<Map<String, Object>> validated(DiscountCodeQuery codes, String text) {
    DiscountCode code;
    try {
      code = DiscountCode.parse(text, "code");
    } catch (ValidationException e) {
      return Uni.createFrom().item(DiscountViews.code(text, null, IssuedCode.State.NOT_FOUND));
    }
    return codes
        .code(code)
        .map(found -> DiscountViews.code(code.text(), found.code().orElse(null), found.state()));
  }
}
