package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import org.walletstate.adapters.http.observability.OnCallerContext;
import org.walletstate.application.account.Charging;
import org.walletstate.application.attest.AttestService;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.Entropy;

/** Attest: the use case over the chain readers, the signer and the charging of every payer. */
@ApplicationScoped
public class AttestWiring {

  @Produces
  @ApplicationScoped
  AttestUseCase attest(
      ChainState chains,
      AttestationSigner signer,
      Charging charging,
      Entropy entropy,
      Clock clock) {
    // signing is CPU work: it runs on the signing threads, never on an event loop
    return new AttestService(
        new OnCallerContext(chains), signer, charging, entropy, clock, SigningThreads.POOL);
  }
}
