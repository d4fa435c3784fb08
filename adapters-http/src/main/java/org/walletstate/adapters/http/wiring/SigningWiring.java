package org.walletstate.adapters.http.wiring;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;
import java.net.URI;
import java.time.Clock;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.adapters.http.observability.MeteredSigners;
import org.walletstate.adapters.http.observability.ServiceMeters;
import org.walletstate.adapters.http.signing.SigningConfig;
import org.walletstate.adapters.http.signing.SigningKeysLoader;
import org.walletstate.application.commerce.port.out.PassSigner;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.application.signing.PublishKeySet;
import org.walletstate.application.signing.port.in.KeySetQuery;
import org.walletstate.crypto.DualAttestationSigner;
import org.walletstate.crypto.PassSigning;
import org.walletstate.crypto.PublishedKeySet;
import org.walletstate.crypto.SigningKeys;

/**
 * Signing: the keys, the one signer every signed statement type is made by, its metered views per
 * statement type, and the published key set.
 */
@ApplicationScoped
public class SigningWiring {

  // Made at start-up: a service without usable keys must fail to start, not pass its readiness
  // check and then answer every signing call with a 500.
  @Produces
  @ApplicationScoped
  @Startup
  SigningKeys signingKeys(SigningConfig config) {
    return SigningKeysLoader.load(config);
  }

  /**
   * The one signer: attestations, trust profiles, discount verifications and passes, each appended
   * to the transparency log ({@link LogWiring}) before it is returned.
   */
  @Produces
  @Singleton // not proxied: the class is final
  @Typed(DualAttestationSigner.class)
  DualAttestationSigner signer(
      SigningKeys keys,
      @ConfigProperty(name = "walletstate.public-base-url") String baseUrl,
      StatementLog log) {
    return new DualAttestationSigner(keys, URI.create(baseUrl), log);
  }

  @Produces
  @ApplicationScoped
  AttestationSigner attestationSigner(DualAttestationSigner signer, ServiceMeters meters) {
    return MeteredSigners.attestations(signer, meters);
  }

  @Produces
  @ApplicationScoped
  TrustProfileSigner trustProfileSigner(DualAttestationSigner signer, ServiceMeters meters) {
    return MeteredSigners.trustProfiles(signer, meters);
  }

  // The signers are wrapped alike by design: each port gets its own timed view of the one signer.
  @Produces
  @ApplicationScoped
  DiscountSigner discountSigner(DualAttestationSigner signer, ServiceMeters meters) {
    return MeteredSigners.discounts(signer, meters);
  }

  @Produces
  @ApplicationScoped
  PassSigner passSigner(DualAttestationSigner signer, SigningKeys keys, Clock clock) {
    return new PassSigning(signer, keys, clock);
  }

  @Produces
  @ApplicationScoped
  KeySetQuery keySet(SigningKeys keys) {
    return new PublishKeySet(new PublishedKeySet(keys));
  }
}
