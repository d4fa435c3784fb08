package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import org.walletstate.application.account.PruneSignInNonces;
import org.walletstate.application.port.out.UsedSignInNonces;

/** The upkeep of used sign-in nonces: batches of 1,000 rows, at most 50 batches a run. */
@ApplicationScoped
public class SignInNonceWiring {

  static final int BATCH = 1_000;
  static final int BATCHES_PER_RUN = 50;

  @Produces
  @Singleton // not proxied: the class is final
  PruneSignInNonces pruneSignInNonces(UsedSignInNonces nonces, Clock clock) {
    return new PruneSignInNonces(nonces, clock, BATCH, BATCHES_PER_RUN);
  }
}
