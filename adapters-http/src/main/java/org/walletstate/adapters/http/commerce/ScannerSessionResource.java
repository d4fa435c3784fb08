package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.ratelimit.AddressLimits;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.commerce.port.in.ScannersCommands;
import org.walletstate.application.commerce.port.in.ScannersUseCase;
import org.walletstate.domain.commerce.ScannerLogin;
import org.walletstate.domain.payload.Timestamps;

/**
 * {@code POST /v1/scanner/session}: a till logs in with a scanner PIN (no key). The lockout counts
 * per store and client address (the address the rate limits see), plus a store-wide ceiling.
 */
@Path("/v1/scanner/session")
@Tag(name = "point of sale")
public class ScannerSessionResource {

  // injected through the constructor, as in every resource, by design
  private final ScannersUseCase scanners;
  private final Exchange edge;
  private final Clock clock;
  private final AddressLimits addresses;

  @Inject
  public ScannerSessionResource(
      ScannersUseCase scanners, Exchange edge, Clock clock, AddressLimits addresses) {
    this.scanners = scanners;
    this.edge = edge;
    this.clock = clock;
    this.addresses = addresses;
  }

  // declared as the other keyless JSON POSTs by design: its own route, rate policy and use case
  @POST
  @RateLimited(RatePolicy.SCANNER_LOGIN)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Log a till in with a scanner PIN: a session token and the store's setup")
  public Uni<Response> login(byte[] body, HttpServerRequest http) {
    ScannerLogin login = ScannersCommands.login(edge.body(body));
    return scanners
        .login(login, addresses.client(http))
        .map(
            outcome -> {
              if (outcome instanceof ScannersUseCase.Login.Opened opened) {
                Map<String, Object> v = new LinkedHashMap<>();
                v.put("session", opened.token());
                v.put("expiresAt", Timestamps.iso(opened.expiresAt()));
                v.put("scannerId", opened.scannerId());
                v.put("merchant", MerchantViews.publicView(opened.merchant()));
                v.put("paused", opened.merchant().paused());
                return edge.ok(v);
              }
              if (outcome instanceof ScannersUseCase.Login.WrongPin wrong) {
                throw new ApiError(
                    401,
                    "Wrong scanner PIN; "
                        + wrong.attemptsRemaining()
                        + (wrong.attemptsRemaining() == 1 ? " attempt" : " attempts")
                        + " left before this address is locked out of this store's scanner login"
                        + " for 15 minutes");
              }
              if (outcome instanceof ScannersUseCase.Login.Locked locked) {
                long retry =
                    Math.max(1, locked.until().getEpochSecond() - clock.instant().getEpochSecond());
                throw new ApiError(
                    429,
                    (locked.storeWide()
                            ? "Scanner login for merchant "
                                + login.merchant()
                                + " is locked for addresses that have not logged a till in: too"
                                + " many wrong PINs from many addresses; the owner is alerted"
                            : "Scanner login for merchant "
                                + login.merchant()
                                + " from your address is locked after 5 wrong PINs")
                        + "; retry after "
                        + Timestamps.iso(locked.until()),
                    Map.of("Retry-After", Long.toString(retry)));
              }
              if (outcome instanceof ScannersUseCase.Login.Busy) {
                throw new ApiError(
                    503,
                    "Too many scanner logins are being checked right now; retry in a few seconds",
                    Map.of("Retry-After", "2"));
              }
              throw MerchantsResource.notFound(login.merchant().value());
            });
  }
}
