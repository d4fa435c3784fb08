package org.walletstate.adapters.http.wiring;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import org.walletstate.adapters.http.observability.OnCallerContext;
import org.walletstate.application.account.Charging;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.application.trust.TrustBatchService;
import org.walletstate.application.trust.TrustProfileService;
import org.walletstate.application.trust.TrustProfiling;
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

  /**
   * The flow both trust use cases share (read the plan's chains once, evaluate and sign each
   * wallet's profile), built once and given to each.
   */
  @Produces
  @Singleton
  TrustProfiling trustProfiling(
      TrustCheckList list,
      ChainState chains,
      TrustProfileSigner signer,
      Entropy entropy,
      Clock clock) {
    return new TrustProfiling(
        list, new OnCallerContext(chains), signer, entropy, clock, SigningThreads.POOL);
  }

  // The two use cases produced alike by design: one method a bean over the same profiling.
  @Produces
  @ApplicationScoped
  TrustProfileUseCase trustProfile(TrustProfiling profiling, Charging charging) {
    return new TrustProfileService(profiling, charging);
  }

  @Produces
  @ApplicationScoped
  TrustBatchUseCase trustBatch(TrustProfiling profiling, Charging charging) {
    return new TrustBatchService(profiling, charging);
  }
}
