package org.walletstate.domain.account;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An API key secret: {@code svc_live_} followed by 40 lower-case hex digits (160 random bits). It
 * is shown to its owner once; the service keeps only its {@link #hash()}. {@link #toString()} never
 * reveals it.
 */
public final class ApiKey {

  public static final String PREFIX = "svc_live_";
  private static final Pattern SHAPE = Pattern.compile("svc_live_[0-9a-f]{40}");

  private final String secret;

  private ApiKey(String secret) {
    this.secret = secret;
  }

  /** A new key from 20 random bytes supplied by the caller's entropy source. */
  public static ApiKey fromRandom(byte[] twentyBytes) {
    if (twentyBytes.length != 20) {
      throw new IllegalArgumentException("an API key takes 20 random bytes");
    }
    return new ApiKey(PREFIX + HexFormat.of().formatHex(twentyBytes));
  }

  /** The key a caller presented, if it has the shape of one. */
  public static Optional<ApiKey> parse(String presented) {
    if (presented == null || !SHAPE.matcher(presented).matches()) {
      return Optional.empty();
    }
    return Optional.of(new ApiKey(presented));
  }

  /** The secret itself, for the single response that shows it. */
  public String reveal() {
    return secret;
  }

  /** What is stored: hex SHA-256 of the key. 160 random bits need no slow hash. */
  public ApiKeyHash hash() {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.US_ASCII));
      return new ApiKeyHash(HexFormat.of().formatHex(digest));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ApiKey other && MessageDigest.isEqual(bytes(), other.bytes());
  }

  private byte[] bytes() {
    return secret.getBytes(StandardCharsets.US_ASCII);
  }

  @Override
  public int hashCode() {
    return hash().hashCode();
  }

  @Override
  public String toString() {
    return PREFIX + "…";
  }
}
