package org.walletstate.domain.attest.attestation;

import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;

/** {@code ATST-} followed by 16 upper-case hex digits (64 random bits from the id source). */
public record AttestationId(String value) {
  private static final Pattern SHAPE = Pattern.compile("ATST-[0-9A-F]{16}");

  public AttestationId {
    if (value == null || !SHAPE.matcher(value).matches()) {
      throw new IllegalArgumentException("not an attestation id: " + value);
    }
  }

  /** Builds the id from eight random bytes supplied by the caller's id source. */
  public static AttestationId fromRandom(byte[] eightBytes) {
    if (eightBytes.length != 8) {
      throw new IllegalArgumentException("an attestation id takes 8 random bytes");
    }
    return new AttestationId(
        "ATST-" + HexFormat.of().formatHex(eightBytes).toUpperCase(Locale.ROOT));
  }

  @Override
  public String toString() {
    return value;
  }
}
