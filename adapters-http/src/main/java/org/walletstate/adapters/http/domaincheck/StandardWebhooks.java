package org.walletstate.adapters.http.domaincheck;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The Standard Webhooks headers of a delivery: {@code webhook-id}, {@code webhook-timestamp}
 * (seconds) and {@code webhook-signature}: {@code v1,} and the base64 HMAC-SHA256, keyed with the
 * base64 part of the {@code whsec_} secret, over {@code id.timestamp.body}.
 */
final class StandardWebhooks {

  /** The prefix of a webhook secret; the rest is the key in base64. */
  static final String SECRET_PREFIX = "whsec_";

  private StandardWebhooks() {}

  static Map<String, String> headers(String secret, String id, long timestamp, String body) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("webhook-id", id);
    headers.put("webhook-timestamp", Long.toString(timestamp));
    headers.put("webhook-signature", "v1," + signature(secret, id, timestamp, body));
    headers.put("content-type", "application/json");
    return headers;
  }

  static String signature(String secret, String id, long timestamp, String body) {
    String key =
        secret.startsWith(SECRET_PREFIX) ? secret.substring(SECRET_PREFIX.length()) : secret;
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(Base64.getDecoder().decode(key), "HmacSHA256"));
      byte[] signed =
          mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder().encodeToString(signed);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA256 is part of every JDK", e);
    }
  }
}
