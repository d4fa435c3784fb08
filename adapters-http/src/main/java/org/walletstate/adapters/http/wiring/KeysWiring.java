package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import org.walletstate.application.account.Authenticate;
import org.walletstate.application.account.CreateFreeKey;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.account.port.in.CreateFreeKeyUseCase;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.KeyAdmission;

/** API keys: free keys, and the admission of a calling key. */
@ApplicationScoped
public class KeysWiring {

  @Produces
  @ApplicationScoped
  CreateFreeKeyUseCase createFreeKey(ApiKeyStore keys, Entropy entropy, Clock clock) {
    return new CreateFreeKey(keys, entropy, clock);
  }

  @Produces
  @ApplicationScoped
  AuthenticateUseCase authenticate(KeyAdmission admission, Clock clock) {
    return new Authenticate(admission, clock);
  }
}
