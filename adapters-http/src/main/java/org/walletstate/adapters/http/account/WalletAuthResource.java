package org.walletstate.adapters.http.account;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;

/**
 * {@code GET /v1/wallet-auth}: public, the domain a wallet's signed text must name — the first line
 * of a payment claim ({@code {domain} asks you to prove you sent this payment}) and an EIP-4361
 * sign-in's domain (docs/billing.md). {@code null} when the service has none configured (then every
 * such signature is refused).
 */
@Path("/v1/wallet-auth")
@Tag(name = "account")
public class WalletAuthResource {

  /** The answer's {@code data}. */
  public record WalletAuth(String domain) {}

  private final Envelopes envelopes;
  private final String domain;

  @Inject
  public WalletAuthResource(
      Envelopes envelopes,
      @ConfigProperty(name = "walletstate.wallet-auth.domain") Optional<String> domain) {
    this.envelopes = envelopes;
    this.domain = domain.filter(d -> !d.isBlank()).orElse(null);
  }

  // A public GET declared like the other reads by design: its own route, rate policy and answer.
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @RateLimited(RatePolicy.KEY_SET)
  @Operation(summary = "The domain a wallet's claim or sign-in message must name")
  public Response get() {
    return envelopes.ok(new WalletAuth(domain));
  }
}
