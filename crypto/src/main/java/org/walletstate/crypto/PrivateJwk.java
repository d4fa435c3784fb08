package org.walletstate.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Base64;
import java.util.function.Supplier;
import org.walletstate.verifier.CanonicalJson;

/**
 * Reading members of a private JWK without ever echoing its values into a message, and writing one
 * for the owner-only key directory.
 */
final class PrivateJwk {

  private PrivateJwk() {}

  static JsonNode parse(String json, String what) {
    JsonNode node;
    try {
      node = CanonicalJson.parse(json);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(what + " is not a JSON object");
    }
    if (!node.isObject()) {
      throw new IllegalArgumentException(what + " is not a JSON object");
    }
    return node;
  }

  static String text(JsonNode jwk, String member, String what) {
    JsonNode value = jwk.get(member);
    if (value == null || !value.isTextual()) {
      throw new IllegalArgumentException(what + " has no string member \"" + member + "\"");
    }
    return value.textValue();
  }

  static void require(JsonNode jwk, String member, String expected, String what) {
    if (!expected.equals(text(jwk, member, what))) {
      throw new IllegalArgumentException(what + " must have " + member + " " + expected);
    }
  }

  static byte[] base64Url(JsonNode jwk, String member, int length, String what) {
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(text(jwk, member, what));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(what + " member \"" + member + "\" is not base64url");
    }
    if (bytes.length != length) {
      throw new IllegalArgumentException(
          what + " member \"" + member + "\" must decode to " + length + " bytes");
    }
    return bytes;
  }

  static String b64u(byte[] bytes) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * The private JWK of a signing key, in canonical JSON: its public members, then the private one.
   *
   * @param publicJwk the key's public members, in their JWK order
   * @param member the private member's name
   * @param secret the private member's bytes, asked for only when the key is held here
   * @param remote true for a key whose private part is held elsewhere: refused
   */
  static String write(
      ObjectNode publicJwk, String member, Supplier<byte[]> secret, boolean remote) {
    if (remote) {
      throw new IllegalStateException("a remote key's private part is not here");
    }
    publicJwk.put(member, b64u(secret.get()));
    return CanonicalJson.stringify(publicJwk);
  }
}
