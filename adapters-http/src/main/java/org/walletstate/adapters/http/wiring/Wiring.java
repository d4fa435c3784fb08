package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.security.SecureRandom;
import java.time.Clock;
import org.walletstate.application.account.CreateFreeKey;
import org.walletstate.application.port.ApiKeyStore;
import org.walletstate.application.port.Entropy;

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
}
