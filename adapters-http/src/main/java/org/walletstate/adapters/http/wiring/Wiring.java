package org.walletstate.adapters.http.wiring;

import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.security.SecureRandom;
import java.time.Clock;
import org.walletstate.application.account.Authenticate;
import org.walletstate.application.account.CreateFreeKey;
import org.walletstate.application.account.CreditsOverview;
import org.walletstate.application.account.Metering;
import org.walletstate.application.attest.AttestService;
import org.walletstate.application.port.ApiKeyStore;
import org.walletstate.application.port.AttestationSigner;
import org.walletstate.application.port.CreditLedger;
import org.walletstate.application.port.Entropy;
import org.walletstate.application.port.EvmChainState;
import org.walletstate.application.port.UsageCounter;

/**
 * The composition root: the one place that builds use cases and hands them their ports. The
 * application and domain carry no framework annotations; they are constructed here with {@code
 * new}.
 */
@ApplicationScoped
public class Wiring {

  @Produces
  @ApplicationScoped
  Clock clock() {
    return Clock.systemUTC();
  }

  @Produces
  @ApplicationScoped
  Entropy entropy() {
    SecureRandom random = new SecureRandom();
    return count -> {
      byte[] bytes = new byte[count];
      random.nextBytes(bytes);
      return bytes;
    };
  }

  @Produces
  @ApplicationScoped
  CreateFreeKey createFreeKey(ApiKeyStore keys, Entropy entropy, Clock clock) {
    return new CreateFreeKey(keys, entropy, clock);
  }

  @Produces
  @ApplicationScoped
  Authenticate authenticate(ApiKeyStore keys, UsageCounter usage, Clock clock) {
    return new Authenticate(keys, usage, clock);
  }

  @Produces
  @ApplicationScoped
  Metering metering(CreditLedger ledger, Clock clock) {
    return new Metering(ledger, clock);
  }

  @Produces
  @ApplicationScoped
  CreditsOverview creditsOverview(CreditLedger ledger) {
    return new CreditsOverview(ledger);
  }

  @Produces
  @ApplicationScoped
  AttestService attestService(
      EvmChainState chains,
      AttestationSigner signer,
      Metering metering,
      Entropy entropy,
      Clock clock) {
    // signing is CPU work: it runs on the worker pool, never on an event loop
    return new AttestService(
        chains, signer, metering, entropy, clock, Infrastructure.getDefaultWorkerPool());
  }
}
