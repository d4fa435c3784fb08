package org.walletstate.domain.observation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.payload.PayloadValue;

/**
 * How a chain's readings were obtained, as a result signs it ({@code readAssurance}): the mode, how
 * many independent providers were read and agreed ({@code providers}), how many the service has
 * configured for the chain ({@code of}) and, only when the operator signs them, the configured
 * names of the providers read ({@code names}).
 *
 * @param mode single provider or quorum
 * @param providers the providers read, all of which agreed: 1 in single mode, k in quorum mode
 * @param of the independent providers configured for the chain
 * @param names empty, or the configured names of the {@code providers} providers read, sorted
 */
public record ReadAssurance(Assurance mode, int providers, int of, List<String> names) {

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
    List<String> sorted = new ArrayList<>(names);
    sorted.sort(null);
    names = List.copyOf(sorted);
    if (!names.isEmpty() && names.size() != providers) {
      throw new IllegalArgumentException(
          "a read assurance names every provider read or none, got "
              + names.size()
              + " names for "
              + providers);
    }
    if (names.stream().distinct().count() != names.size()) {
      throw new IllegalArgumentException("a provider is named twice: " + names);
    }
  }

  /** Without the providers' names: what is signed unless the operator opts in. */
  public ReadAssurance(Assurance mode, int providers, int of) {
    this(mode, providers, of, List.of());
  }

  /** One provider (with failover between its endpoints). */
  public static ReadAssurance single() {
    return new ReadAssurance(Assurance.SINGLE, 1, 1);
  }

  /**
   * The signed form: {@code {mode, providers, of}} in that order, then {@code names} (an array of
   * strings, sorted) only when there are names, so an assurance without them signs as before.
   */
  public PayloadValue.Obj toPayload() {
    PayloadValue.ObjBuilder payload =
        PayloadValue.objectBuilder()
            .put("mode", mode.wire())
            .put("providers", providers)
            .put("of", of);
    if (!names.isEmpty()) {
      payload.put(
          "names",
          new PayloadValue.Arr(names.stream().<PayloadValue>map(PayloadValue::text).toList()));
    }
    return payload.build();
  }
}
