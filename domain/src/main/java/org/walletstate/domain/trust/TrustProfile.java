package org.walletstate.domain.trust;

import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.payload.Timestamps;

/**
 * A profile ready to sign: {@code {id, wallet, conditionSetVersion, dimensions, summary,
 * profiledAt, expiresAt}}, dimensions in the fixed order.
 *
 * @param id {@code TRST-} plus hex
 * @param wallet the EVM wallet, checksummed
 * @param conditionSetVersion the check list's version
 * @param dimensions the dimensions that are on, in order
 * @param profiledAt when it was made (and signed)
 * @param proofDelivered whether at least one check carries a proof that is available
 */
public record TrustProfile(
    String id,
    String wallet,
    String conditionSetVersion,
    List<DimensionResult> dimensions,
    Instant profiledAt,
    boolean proofDelivered) {

  /** How long a profile is valid. */
  public static final Duration LIFETIME = Duration.ofMinutes(30);

  // Null checks written out by design: a record validates its own components on construction.
  public TrustProfile {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(wallet, "wallet");
    Objects.requireNonNull(conditionSetVersion, "conditionSetVersion");
    dimensions = List.copyOf(dimensions);
    Objects.requireNonNull(profiledAt, "profiledAt");
    if (!id.matches("TRST-[0-9a-f]+")) {
      throw new IllegalArgumentException("a profile id is TRST- plus hex: " + id);
    }
  }

  /** {@code TRST-} and the hex of {@code random}. */
  public static String idFrom(byte[] random) {
    if (random.length == 0) {
      throw new IllegalArgumentException("an id needs random bytes");
    }
    return "TRST-" + HexFormat.of().formatHex(random);
  }

  public Instant expiresAt() {
    return profiledAt.plus(LIFETIME);
  }

  /** Checks over every dimension. */
  public int totalChecks() {
    return dimensions.stream().mapToInt(DimensionResult::total).sum();
  }

  /** The statement as signed, less each check's {@code conditionHash}. */
  public PayloadValue.Obj payload() {
    PayloadValue.ObjBuilder byKey = PayloadValue.objectBuilder();
    int passed = 0;
    int failed = 0;
    int notEvaluated = 0;
    int withActivity = 0;
    int checked = 0;
    for (DimensionResult dimension : dimensions) {
      byKey.put(dimension.dimension().key(), dimension.payload());
      passed += dimension.passCount();
      failed += dimension.failCount();
      notEvaluated += dimension.notEvaluatedCount();
      if (dimension.passCount() > 0) {
        withActivity++;
      }
      if (dimension.passCount() + dimension.failCount() > 0) {
        checked++;
      }
    }
    PayloadValue.Obj summary =
        PayloadValue.objectBuilder()
            .put("totalChecks", totalChecks())
            .put("totalPassed", passed)
            .put("totalFailed", failed)
            .put("totalNotEvaluated", notEvaluated)
            .put("dimensionsWithActivity", withActivity)
            .put("dimensionsChecked", checked)
            .build();
    return PayloadValue.objectBuilder()
        .put("id", id)
        .put("wallet", wallet)
        .put("conditionSetVersion", conditionSetVersion)
        .put("dimensions", byKey.build())
        .put("summary", summary)
        .put("profiledAt", Timestamps.iso(profiledAt))
        .put("expiresAt", Timestamps.iso(expiresAt()))
        .build();
  }
}
