package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.application.account.PruneSignInNonces;
import org.walletstate.application.account.WalletSignIn;
import org.walletstate.application.account.port.in.WalletSignInUseCase;
import org.walletstate.application.port.out.AccessPasses;
import org.walletstate.application.port.out.KeyAdmission;
import org.walletstate.application.port.out.UsedSignInNonces;
import org.walletstate.application.port.out.WalletKeys;

/**
 * Wallet sign-in (EIP-4361) and the upkeep of its used nonces: batches of 1,000 rows, at most 50
 * batches a run.
 */
@ApplicationScoped
public class SignInWiring {

  static final int BATCH = 1_000;
  static final int BATCHES_PER_RUN = 50;

  @Produces
  @ApplicationScoped
  WalletSignInUseCase walletSignIn(
      @ConfigProperty(name = "walletstate.wallet-auth.domain") Optional<String> domain,
      WalletKeys keys,
      AccessPasses passes,
      KeyAdmission admission,
      Clock clock) {
    return new WalletSignIn(domain.orElse("").strip(), keys, passes, admission, clock);
  }

  @Produces
  @Singleton // not proxied: the class is final
  PruneSignInNonces pruneSignInNonces(UsedSignInNonces nonces, Clock clock) {
    return new PruneSignInNonces(nonces, clock, BATCH, BATCHES_PER_RUN);
  }
}
