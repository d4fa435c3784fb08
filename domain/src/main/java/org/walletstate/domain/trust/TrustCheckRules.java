package org.walletstate.domain.trust;

import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The rules a whole check list keeps, checked before any profile uses it. */
final class TrustCheckRules {

  private TrustCheckRules() {}

  /** Dimension order, counts per dimension, the base total, unique labels. */
  static void validate(String version, List<TrustCheck> checks) {
    Map<TrustDimension, Integer> counts = inOrder(version, checks);
    countsMatch(version, counts);
    labelsUnique(version, checks);
  }

  /** Each dimension's checks together, in the interface's order, each on its family; counted. */
  private static Map<TrustDimension, Integer> inOrder(String version, List<TrustCheck> checks) {
    Map<TrustDimension, Integer> counts = new EnumMap<>(TrustDimension.class);
    TrustDimension previous = null;
    for (TrustCheck check : checks) {
      TrustDimension dimension = check.dimension();
      if (previous != null && dimension.ordinal() < previous.ordinal()) {
        throw new IllegalStateException(
            "check list "
                + version
                + ": dimension "
                + dimension.key()
                + " comes after "
                + previous.key()
                + " (the interface's order is fixed)");
      }
      if (previous != null && dimension != previous && counts.containsKey(dimension)) {
        throw new IllegalStateException(
            "check list " + version + ": dimension " + dimension.key() + " is split");
      }
      counts.merge(dimension, 1, Integer::sum);
      previous = dimension;
      onItsFamily(version, check, dimension);
    }
    return counts;
  }

  private static void onItsFamily(String version, TrustCheck check, TrustDimension dimension) {
    dimension
        .onlyWith()
        .ifPresent(
            family -> {
              if (check.chain().family() != family) {
                throw new IllegalStateException(
                    "check list "
                        + version
                        + ": \""
                        + check.label()
                        + "\" is not a check of "
                        + dimension.key());
              }
            });
  }

  private static void countsMatch(String version, Map<TrustDimension, Integer> counts) {
    for (TrustDimension dimension : TrustDimension.values()) {
      int count = counts.getOrDefault(dimension, 0);
      if (count != dimension.checks()) {
        throw new IllegalStateException(
            "check list "
                + version
                + ": dimension "
                + dimension.key()
                + " has "
                + count
                + " checks, the interface says "
                + dimension.checks());
      }
    }
  }

  private static void labelsUnique(String version, List<TrustCheck> checks) {
    for (TrustDimension dimension : TrustDimension.values()) {
      Set<String> labels = new HashSet<>();
      for (TrustCheck check : checks) {
        if (check.dimension() == dimension && !labels.add(check.label())) {
          throw new IllegalStateException(
              "check list "
                  + version
                  + ": label \""
                  + check.label()
                  + "\" repeats in "
                  + dimension.key());
        }
      }
    }
  }
}
