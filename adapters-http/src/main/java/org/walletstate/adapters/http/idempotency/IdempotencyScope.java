package org.walletstate.adapters.http.idempotency;

import io.vertx.core.http.HttpServerRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.walletstate.adapters.http.auth.CurrentCaller;
import org.walletstate.adapters.http.ratelimit.AddressLimits;

/**
 * Whose keys a key is among: the API key's account (also when it signed in with its wallet), the
 * scanner session, or, for a caller without a credential (a quote, an x402 payment, a public
 * endpoint), its client address as the rate limits count it. Stored as a SHA-256: no credential and
 * no address is written to the table. One caller can never read another's answer, whatever key it
 * sends.
 *
 * @param credential whether the scope is a credential (not an address others may share)
 */
record IdempotencyScope(String value, boolean credential) {

  static IdempotencyScope of(CurrentCaller caller, HttpServerRequest http, AddressLimits limits) {
    if (caller.key().isPresent()) {
      return new IdempotencyScope(hash("key:" + caller.account().id()), true);
    }
    String session = http.getHeader("X-Scanner-Session");
    if (caller.scannerMerchant().isPresent() && session != null) {
      return new IdempotencyScope(hash("scanner:" + session.strip()), true);
    }
    return new IdempotencyScope(hash("address:" + limits.client(http)), false);
  }

  static String hash(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
