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
 * {@code POST /v1/ucp/discount}: the UCP 2026-08-25 discounts object (extension
 * dev.ucp.shopping.discount) and the signed verification.
 */
@Path("/v1/ucp/discount")
@Tag(name = "discounts")
public class UcpDiscountResource {

  private final DiscountIssuing issuing;

  @Inject
  public UcpDiscountResource(DiscountIssuing issuing) {
    this.issuing = issuing;
  }

  // declared as AcpDiscountResource and VerifyResource by design: one route and summary per
  // protocol
  @Idempotent
  @POST
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "Token-holder discount in the UCP (2026-08-25, dev.ucp.shopping.discount) shape")
  public Uni<Response> ucp(byte[] body) {
    return issuing.issued(body, DiscountViews.Protocol.UCP);
  }
}
