package org.walletstate.domain.commerce;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One scanner of a merchant: a PIN (kept only as its hash, never here) that opens scanner sessions.
 *
 * @param id {@code scn_} and 16 hex digits
 * @param label what the owner calls it ("Till 1"), if anything
 * @param createdAt when it was added
 * @param lastLoginAt when its PIN last opened a session
 */
public record Scanner(
    String id, Optional<String> label, Instant createdAt, Optional<Instant> lastLoginAt) {

  /** How many scanners one merchant may have: a till or two per counter of a large store. */
  public static final int PER_MERCHANT = 20;

  /** The longest label. */
  public static final int LABEL_MAX = 60;

  // Null checks written out by design: a record validates its own components on construction.
  public Scanner {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(lastLoginAt, "lastLoginAt");
  }

  /** Whether {@code text} has the shape of a scanner id. */
  public static boolean isId(String text) {
    return text != null && text.matches("scn_[0-9a-f]{16}");
  }
}
