package org.walletstate.crypto.kms;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * AWS Signature Version 4 for one JSON {@code POST /} to a regional service endpoint: the canonical
 * request over the signed headers ({@code content-type}, {@code host}, {@code x-amz-date}, {@code
 * x-amz-target}, and {@code x-amz-security-token} with temporary credentials), the string to sign,
 * and the key derived from the secret, date, region and service.
 */
final class SigV4 {

  /** AWS credentials: an access key id, its secret, and a session token for temporary ones. */
  record Credentials(String accessKeyId, String secretAccessKey, String sessionToken) {
    Credentials {
      Objects.requireNonNull(accessKeyId, "accessKeyId");
      Objects.requireNonNull(secretAccessKey, "secretAccessKey");
    }

    @Override
    public String toString() {
      return "Credentials[" + accessKeyId + ", secret redacted]";
    }
  }

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final HexFormat HEX = HexFormat.of();

  private SigV4() {}

  /**
   * The headers to add to a {@code POST /} of {@code body} to {@code host}: {@code X-Amz-Date},
   * {@code Authorization} and, with a session token, {@code X-Amz-Security-Token}.
   *
   * @param headers the request's other signed headers, lower-case names ({@code content-type},
   *     {@code x-amz-target})
   */
  static Map<String, String> sign(
      Credentials credentials,
      String region,
      String service,
      String host,
      Map<String, String> headers,
      byte[] body,
      Instant now) {
    String amzDate = STAMP.format(now);
    String date = amzDate.substring(0, 8);
    TreeMap<String, String> signed = new TreeMap<>();
    headers.forEach((name, value) -> signed.put(name.toLowerCase(Locale.ROOT), value.trim()));
    signed.put("host", host);
    signed.put("x-amz-date", amzDate);
    if (credentials.sessionToken() != null) {
      signed.put("x-amz-security-token", credentials.sessionToken());
    }
    StringBuilder canonicalHeaders = new StringBuilder();
    signed.forEach(
        (name, value) -> canonicalHeaders.append(name).append(':').append(value).append('\n'));
    String signedHeaders = String.join(";", signed.keySet());
    String canonicalRequest =
        "POST\n/\n\n" + canonicalHeaders + "\n" + signedHeaders + "\n" + hex(sha256(body));
    String scope = date + "/" + region + "/" + service + "/aws4_request";
    String stringToSign =
        "AWS4-HMAC-SHA256\n"
            + amzDate
            + "\n"
            + scope
            + "\n"
            + hex(sha256(canonicalRequest.getBytes(StandardCharsets.UTF_8)));
    byte[] key =
        hmac(("AWS4" + credentials.secretAccessKey()).getBytes(StandardCharsets.UTF_8), date);
    key = hmac(key, region);
    key = hmac(key, service);
    key = hmac(key, "aws4_request");
    String signature = hex(hmac(key, stringToSign));
    Map<String, String> out = new TreeMap<>();
    out.put("X-Amz-Date", amzDate);
    out.put(
        "Authorization",
        "AWS4-HMAC-SHA256 Credential="
            + credentials.accessKeyId()
            + "/"
            + scope
            + ", SignedHeaders="
            + signedHeaders
            + ", Signature="
            + signature);
    if (credentials.sessionToken() != null) {
      out.put("X-Amz-Security-Token", credentials.sessionToken());
    }
    return out;
  }

  static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  static byte[] hmac(byte[] key, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JDK has HmacSHA256", e);
    }
  }

  static String hex(byte[] bytes) {
    return HEX.formatHex(bytes);
  }
}
