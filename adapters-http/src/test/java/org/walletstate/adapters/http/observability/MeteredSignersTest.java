package org.walletstate.adapters.http.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.TrustProfileSigner;

/**
 * The timed signers pass every method of their port to the signer they wrap: a default left in
 * place would answer with the port's fallback (a signer without a log) instead of the wrapped
 * signer's, as a statement's text for an entry written with its debit once did.
 */
class MeteredSignersTest {

  private static final ServiceMeters METERS = new ServiceMeters(new SimpleMeterRegistry());

  @Test
  void everyMethodOfEachPortIsPassedOn() {
    assertThat(notOverridden(MeteredSigners.attestations(null, METERS), AttestationSigner.class))
        .isEmpty();
    assertThat(notOverridden(MeteredSigners.trustProfiles(null, METERS), TrustProfileSigner.class))
        .isEmpty();
    assertThat(notOverridden(MeteredSigners.discounts(null, METERS), DiscountSigner.class))
        .isEmpty();
  }

  private static List<String> notOverridden(Object wrapper, Class<?> port) {
    List<String> missing = new ArrayList<>();
    for (Method method : port.getMethods()) {
      if (Modifier.isStatic(method.getModifiers())) {
        continue;
      }
      try {
        wrapper.getClass().getDeclaredMethod(method.getName(), method.getParameterTypes());
      } catch (NoSuchMethodException e) {
        missing.add(method.getName());
      }
    }
    return missing;
  }
}
