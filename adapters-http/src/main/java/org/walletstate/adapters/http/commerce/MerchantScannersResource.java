package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.application.commerce.port.in.ScannersCommands;
import org.walletstate.application.commerce.port.in.ScannersUseCase;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.ScannerChange;

/**
 * {@code /v1/merchants/{id}/scanners}: the store's scanner PINs added, removed and listed (API key;
 * the owner key only).
 */
@Path("/v1/merchants")
@Tag(name = "merchants")
public class MerchantScannersResource {

  // fields and constructor as the other owner-key resources' by design: CDI hands each its use case
  private final ScannersUseCase scanners;
  private final Exchange edge;
  private final OwnerCalls owner;

  @Inject
  public MerchantScannersResource(ScannersUseCase scanners, Exchange edge) {
    this.scanners = scanners;
    this.edge = edge;
    this.owner = new OwnerCalls(edge);
  }

  // declared as the other owner-key POSTs by design: its own route and use case
  @Idempotent
  @POST
  @Path("/{id}/scanners")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Add a scanner PIN, or remove a scanner (owner key)")
  public Uni<Response> changeScanners(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    ScannerChange change = ScannersCommands.change(edge.body(body));
    if (change instanceof ScannerChange.Add add) {
      return owner.owned(
          merchant, key -> scanners.add(key, merchant, add), MerchantViews::scannerAdded);
    }
    String scannerId = ((ScannerChange.Remove) change).scannerId();
    return owner.owned(
        merchant,
        key -> scanners.remove(key, merchant, scannerId),
        removed -> scannerRemoved(merchant, scannerId, removed));
  }

  private static Map<String, Object> scannerRemoved(
      CompanyId merchant, String scannerId, boolean removed) {
    if (!removed) {
      throw new ApiError(404, "Merchant " + merchant + " has no scanner " + scannerId);
    }
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("removed", true);
    v.put("scannerId", scannerId);
    return v;
  }

  // declared as the other owner-key GETs by design: its own route and use case
  @GET
  @Path("/{id}/scanners")
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The merchant's scanners, without their PINs (owner key)")
  public Uni<Response> scanners(@PathParam("id") String id) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    return owner.owned(merchant, key -> scanners.list(key, merchant), MerchantViews::scannerList);
  }
}
