package org.walletstate.domain.observation;

import java.util.Objects;
import org.walletstate.domain.payload.PayloadValue;

/**
 * How a chain's readings were obtained, as a result signs it ({@code readAssurance}): the mode, how
 * many independent providers were read and agreed ({@code providers}), and how many the service has
 * configured for the chain ({@code of}).
 *
 * @param mode single provider or quorum
 * @param providers the providers read, all of which agreed: 1 in single mode, k in quorum mode
 * @param of the independent providers configured for the chain
 */
public record ReadAssurance(Assurance mode, int providers, int of) {

  /** The member name in a signed result. */
  public static final String MEMBER = "readAssurance";

  public ReadAssurance {
    Objects.requireNonNull(mode, "mode");
    if (providers < 1 || of < providers) {
      throw new IllegalArgumentException(
          "a read assurance names 1 ≤ providers ≤ of, got " + providers + " of " + of);
    }
    if (mode == Assurance.QUORUM && providers < 2) {
      throw new IllegalArgumentException("a quorum is at least 2 providers, got " + providers);
    }
    if (mode == Assurance.SINGLE && providers != 1) {
      throw new IllegalArgumentException("a single read is 1 provider, got " + providers);
    }
  }

  /** One provider (with failover between its endpoints). */
  public static ReadAssurance single() {
    return new ReadAssurance(Assurance.SINGLE, 1, 1);
  }

  /** The signed form: {@code {mode, providers, of}} in that order. */
  public PayloadValue.Obj toPayload() {
    return PayloadValue.objectBuilder()
        .put("mode", mode.wire())
        .put("providers", providers)
        .put("of", of)
        .build();
  }
}
