package org.walletstate.domain.account;

import java.util.regex.Pattern;

/** The stored form of an API key: 64 lower-case hex digits of its SHA-256. */
public record ApiKeyHash(String hex) {
  private static final Pattern SHAPE = Pattern.compile("[0-9a-f]{64}");

  public ApiKeyHash {
    if (hex == null || !SHAPE.matcher(hex).matches()) {
      throw new IllegalArgumentException("not a key hash");
    }
  }
}
