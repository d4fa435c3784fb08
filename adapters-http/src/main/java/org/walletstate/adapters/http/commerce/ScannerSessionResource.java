package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
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
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.commerce.port.in.ScannersUseCase;
import org.walletstate.domain.commerce.ScannerLogin;
import org.walletstate.domain.payload.Timestamps;

/** {@code POST /v1/scanner/session}: a till logs in with a scanner PIN (no key). */
@Path("/v1/scanner/session")
@Tag(name = "point of sale")
public class ScannerSessionResource {

  private final ScannersUseCase scanners;
  private final JsonBodies bodies;
  private final Envelopes envelopes;
  private final Clock clock;

  @Inject
  public ScannerSessionResource(
      ScannersUseCase scanners, JsonBodies bodies, Envelopes envelopes, Clock clock) {
    this.scanners = scanners;
    this.bodies = bodies;
    this.envelopes = envelopes;
    this.clock = clock;
  }

  @POST
  @RateLimited(RatePolicy.SCANNER_LOGIN)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Log a till in with a scanner PIN: a session token and the store's setup")
  public Uni<Response> login(byte[] body) {
    ScannerLogin login = ScannerLogin.parse(bodies.object(body));
    return scanners
        .login(login)
        .map(
            outcome -> {
              if (outcome instanceof ScannersUseCase.Login.Opened opened) {
                Map<String, Object> v = new LinkedHashMap<>();
                v.put("session", opened.token());
                v.put("expiresAt", Timestamps.iso(opened.expiresAt()));
                v.put("scannerId", opened.scannerId());
                v.put("merchant", MerchantViews.publicView(opened.merchant()));
                v.put("paused", opened.merchant().paused());
                return envelopes.ok(v);
              }
              if (outcome instanceof ScannersUseCase.Login.WrongPin wrong) {
                throw new ApiError(
                    401,
                    "Wrong scanner PIN; "
                        + wrong.attemptsRemaining()
                        + (wrong.attemptsRemaining() == 1 ? " attempt" : " attempts")
                        + " left before scanner login for this store is locked for 15 minutes");
              }
              if (outcome instanceof ScannersUseCase.Login.Locked locked) {
                long retry =
                    Math.max(1, locked.until().getEpochSecond() - clock.instant().getEpochSecond());
                throw new ApiError(
                    429,
                    "Scanner login for merchant "
                        + login.merchant()
                        + " is locked after 5 wrong PINs; retry after "
                        + Timestamps.iso(locked.until()),
                    Map.of("Retry-After", Long.toString(retry)));
              }
              throw MerchantsResource.notFound(login.merchant().value());
            });
  }
}
