package org.walletstate.domain.attest.attestation;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.payload.Timestamps;

/**
 * A statement, before signing, that the listed conditions were evaluated at their anchors.
 *
 * @param id unique id
 * @param results one per condition, in request order
 * @param attestedAt time of signing (millisecond precision)
 * @param expiresAt end of the access-freshness window
 */
public record Attestation(
    AttestationId id, List<ConditionResult> results, Instant attestedAt, Instant expiresAt) {

  /** Default lifetime. */
  public static final Duration LIFETIME = Duration.ofMinutes(30);

  /** Lifetime when a condition is an {@code erc7710_delegation}. */
  public static final Duration DELEGATION_LIFETIME = Duration.ofMinutes(5);

  public Attestation {
    Objects.requireNonNull(id, "id");
    results = List.copyOf(results);
    if (results.isEmpty()) {
      throw new IllegalArgumentException("an attestation has at least one result");
    }
    for (int i = 0; i < results.size(); i++) {
      if (results.get(i).index() != i) {
        throw new IllegalArgumentException("results must be in request order");
      }
    }
    attestedAt = Timestamps.truncate(Objects.requireNonNull(attestedAt, "attestedAt"));
    expiresAt = Timestamps.truncate(Objects.requireNonNull(expiresAt, "expiresAt"));
    if (!expiresAt.isAfter(attestedAt)) {
      throw new IllegalArgumentException("expiresAt must be after attestedAt");
    }
  }

  /** True only when every condition is met. */
  public boolean pass() {
    return results.stream().allMatch(ConditionResult::met);
  }

  public int passCount() {
    return (int) results.stream().filter(ConditionResult::met).count();
  }

  public int failCount() {
    return results.size() - passCount();
  }
}
