package org.walletstate.adapters.http.idempotency;

import java.util.List;
import org.walletstate.adapters.http.envelope.ApiError;

/**
 * The {@code Idempotency-Key} header's value: 1 to 255 visible ASCII characters ({@code !} to
 * {@code ~}), sent once; the quoted form of the IETF draft ({@code "…"}, a Structured Field String)
 * is accepted and means the same key. Anything else is a 400 that says what is wrong.
 */
final class IdempotencyKeys {

  static final String HEADER = "Idempotency-Key";
  static final int MAX_LENGTH = 255;

  private IdempotencyKeys() {}

  /** The key, or null when none was sent. */
  static String of(List<String> values) {
    if (values == null || values.isEmpty()) {
      return null;
    }
    if (values.size() > 1) {
      throw ApiError.badRequest("Send one Idempotency-Key header, not " + values.size());
    }
    String key = values.get(0).strip();
    if (key.length() >= 2 && key.startsWith("\"") && key.endsWith("\"")) {
      key = key.substring(1, key.length() - 1);
    }
    if (key.isEmpty() || key.length() > MAX_LENGTH) {
      throw ApiError.badRequest(
          "Idempotency-Key must be 1 to "
              + MAX_LENGTH
              + " characters (a UUID is a good key); this one has "
              + key.length());
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c < 0x21 || c > 0x7e) {
        throw ApiError.badRequest(
            "Idempotency-Key must be visible ASCII characters (! to ~, no spaces); character "
                + (i + 1)
                + " is not");
      }
    }
    return key;
  }
}
