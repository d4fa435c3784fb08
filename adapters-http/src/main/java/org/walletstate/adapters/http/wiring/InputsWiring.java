package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.security.SecureRandom;
import java.time.Clock;
import org.walletstate.application.port.out.Entropy;

/** The inputs every feature shares: the clock and the source of random bytes. */
@ApplicationScoped
public class InputsWiring {

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
}
