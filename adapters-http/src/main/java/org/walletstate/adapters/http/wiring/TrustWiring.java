package org.walletstate.adapters.http.wiring;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import java.time.Clock;
import org.walletstate.adapters.http.observability.OnCallerContext;
import org.walletstate.application.account.Charging;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.application.trust.TrustService;
import org.walletstate.application.trust.port.in.TrustBatchUseCase;
import org.walletstate.application.trust.port.in.TrustProfileUseCase;
import org.walletstate.domain.trust.TrustCheckList;

/** Trust profiles: the check list and the profile and batch use cases. */
@ApplicationScoped
public class TrustWiring {

  /**
   * The check list the profiles run, loaded and validated at start-up: a list that does not match
   * the interface's dimensions and counts stops the start.
   */
  @Produces
  @ApplicationScoped
  @Startup
  TrustCheckList trustCheckList() {
    return TrustCheckList.current();
  }

  /** One service answers both ports (a profile, a batch of profiles). */
  @Produces
  @ApplicationScoped
  @Typed({TrustProfileUseCase.class, TrustBatchUseCase.class})
  TrustService trust(
      TrustCheckList list,
      ChainState chains,
      TrustProfileSigner signer,
      Charging charging,
      Entropy entropy,
      Clock clock) {
    return new TrustService(
        list, new OnCallerContext(chains), signer, charging, entropy, clock, SigningThreads.POOL);
  }
}
