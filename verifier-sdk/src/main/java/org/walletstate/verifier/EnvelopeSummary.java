package org.walletstate.verifier;

import java.util.List;

/**
 * Counts over an envelope's slots.
 *
 * @param total slots
 * @param verified slots whose signature verified
 * @param expired slots past their expiry (signature not examined)
 * @param failed slots neither verified nor expired
 * @param missingRequired required types with no live slot
 */
public record EnvelopeSummary(
    int total, int verified, int expired, int failed, List<String> missingRequired) {
  public EnvelopeSummary {
    missingRequired = List.copyOf(missingRequired);
  }
}
