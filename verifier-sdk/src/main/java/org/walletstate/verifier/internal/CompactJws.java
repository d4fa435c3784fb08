package org.walletstate.verifier.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;

/**
 * A compact JWS split into its parts: header and payload as parsed JSON objects, the signing input
 * exactly as transmitted ({@code header.payload} as ASCII) and the decoded signature.
 */
public record CompactJws(
    JsonNode header,
    JsonNode payload,
    String headerSegment,
    String payloadSegment,
    byte[] signature) {

  /** Splits and parses {@code token}, or throws {@link IllegalArgumentException} naming why. */
  public static CompactJws parse(String token) {
    String[] parts = token.split("\\.", -1);
    if (parts.length != 3) {
      throw new IllegalArgumentException("expected 3 dot-separated segments");
    }
    JsonNode header = segment(parts[0], "header");
    JsonNode payload = segment(parts[1], "payload");
    byte[] signature;
    try {
      signature = Base64Text.decodeUrl(parts[2]);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("signature segment is not base64url");
    }
    return new CompactJws(header, payload, parts[0], parts[1], signature);
  }

  private static JsonNode segment(String encoded, String name) {
    JsonNode node;
    try {
      node = StrictJson.parse(Base64Text.decodeUrl(encoded));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("malformed " + name);
    }
    if (!node.isObject()) {
      throw new IllegalArgumentException(name + " is not a JSON object");
    }
    return node;
  }

  /** The bytes the signature covers. */
  public byte[] signingInput() {
    return (headerSegment + "." + payloadSegment).getBytes(StandardCharsets.US_ASCII);
  }

  /** A header member as a string, or null when absent or not a string. */
  public String headerText(String name) {
    JsonNode value = header.get(name);
    return value != null && value.isTextual() ? value.textValue() : null;
  }
}
