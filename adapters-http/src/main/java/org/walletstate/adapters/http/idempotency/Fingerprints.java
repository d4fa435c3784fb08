package org.walletstate.adapters.http.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * What makes two requests the same request: the SHA-256 of the method, the request target (path and
 * query) and the body's bytes. A body is at most {@code walletstate.http.max-body-size}; it is
 * hashed on a worker thread.
 */
final class Fingerprints {

  private Fingerprints() {}

  static byte[] of(String method, String target, byte[] body) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      digest.update((method + " " + target + "\n").getBytes(StandardCharsets.UTF_8));
      if (body != null) {
        digest.update(body);
      }
      return digest.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
