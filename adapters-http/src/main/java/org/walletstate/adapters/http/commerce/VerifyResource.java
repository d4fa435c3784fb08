package org.walletstate.adapters.http.commerce;

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
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.idempotency.Idempotent;

/**
 * {@code POST /v1/verify}: a signed verification and a code (API key; the store's owner key pays 1
 * credit for a code that carries a discount).
 *
 * <p>Same shape as {@link AcpDiscountResource} and {@link UcpDiscountResource} by design: each
 * protocol keeps its own route and OpenAPI summary, and the issuing is {@link DiscountIssuing}'s.
 */
@Path("/v1/verify")
@Tag(name = "discounts")
public class VerifyResource {

  private final DiscountIssuing issuing;

  @Inject
  public VerifyResource(DiscountIssuing issuing) {
    this.issuing = issuing;
  }

  // declared as AcpDiscountResource and UcpDiscountResource by design: one route and summary per
  // protocol
  @Idempotent
  @POST
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Check a wallet's holdings against a store and issue a signed code")
  public Uni<Response> verify(byte[] body) {
    return issuing.issued(body, DiscountViews.Protocol.VERIFY);
  }
}
