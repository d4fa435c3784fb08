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
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.CurrentCaller;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.in.ScannersUseCase;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Scanner;
import org.walletstate.domain.commerce.ScannerChange;
import org.walletstate.domain.payload.Timestamps;

/** A merchant's scanners (owner key). Their PIN login is {@link ScannerSessionResource}. */
@Path("/v1/merchants/{id}/scanners")
@Tag(name = "point of sale")
public class ScannersResource {

  private final ScannersUseCase scanners;
  private final JsonBodies bodies;
  private final CurrentCaller caller;
  private final Envelopes envelopes;

  @Inject
  public ScannersResource(
      ScannersUseCase scanners, JsonBodies bodies, CurrentCaller caller, Envelopes envelopes) {
    this.scanners = scanners;
    this.bodies = bodies;
    this.caller = caller;
    this.envelopes = envelopes;
  }

  @POST
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Add a scanner PIN, or remove a scanner (owner key)")
  public Uni<Response> change(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    ScannerChange change = ScannerChange.parse(bodies.object(body));
    if (change instanceof ScannerChange.Add add) {
      return scanners
          .add(caller.account(), merchant, add)
          .map(
              r -> {
                Scanner scanner = done(merchant, r);
                Map<String, Object> v = view(scanner);
                v.put("limit", Scanner.PER_MERCHANT);
                return envelopes.ok(v);
              });
    }
    String scannerId = ((ScannerChange.Remove) change).scannerId();
    return scanners
        .remove(caller.account(), merchant, scannerId)
        .map(
            r -> {
              if (!done(merchant, r)) {
                throw new ApiError(404, "Merchant " + merchant + " has no scanner " + scannerId);
              }
              Map<String, Object> v = new LinkedHashMap<>();
              v.put("removed", true);
              v.put("scannerId", scannerId);
              return envelopes.ok(v);
            });
  }

  @GET
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The merchant's scanners, without their PINs (owner key)")
  public Uni<Response> list(@PathParam("id") String id) {
    CompanyId merchant = MerchantsResource.merchantId(id);
    return scanners
        .list(caller.account(), merchant)
        .map(
            r -> {
              List<Scanner> all = done(merchant, r);
              Map<String, Object> v = new LinkedHashMap<>();
              v.put("scanners", all.stream().map(ScannersResource::view).toList());
              v.put("count", all.size());
              v.put("limit", Scanner.PER_MERCHANT);
              return envelopes.ok(v);
            });
  }

  private static Map<String, Object> view(Scanner scanner) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("scannerId", scanner.id());
    v.put("label", scanner.label().orElse(null));
    v.put("createdAt", Timestamps.iso(scanner.createdAt()));
    v.put("lastLoginAt", scanner.lastLoginAt().map(Timestamps::iso).orElse(null));
    return v;
  }

  /** The value of an owner operation, or the error its refusal is. */
  static <T> T done(CompanyId merchant, OwnerResult<T> result) {
    if (result instanceof OwnerResult.Done<T> done) {
      return done.value();
    }
    if (result instanceof OwnerResult.Forbidden<T> forbidden) {
      throw new ApiError(403, forbidden.message());
    }
    if (result instanceof OwnerResult.Conflict<T> conflict) {
      throw new ApiError(409, conflict.message());
    }
    throw MerchantsResource.notFound(merchant.value());
  }
}
