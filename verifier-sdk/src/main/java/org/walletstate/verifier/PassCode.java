package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;
import org.walletstate.verifier.internal.Base64Text;
import org.walletstate.verifier.internal.StrictJson;

/**
 * The compact text of a pass that a QR code carries: {@code P1.<pass>.<sig>}, where {@code <pass>}
 * is the unpadded base64url of the pass's canonical JSON (exactly the bytes after the V2 tag line
 * of its preimage) and {@code <sig>} the unpadded base64url of its 64-byte P-256 signature. The kid
 * is implied ({@code <ns>-pass-v2}); the ML-DSA-65 companion is left out, as it would not fit a QR
 * code a phone camera reads reliably. {@link #expand} turns a code back into a {@code data} object
 * that {@link AttestationVerifier#verifyPass} checks like any issued pass (its companion then
 * reports absent).
 */
public final class PassCode {

  /** The first segment of every code of this layout. */
  public static final String PREFIX = "P1";

  /** The longest code accepted: a pass is about 110 bytes. */
  public static final int MAX_LENGTH = 1024;

  private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

  private PassCode() {}

  /** Thrown when a text is not a pass code; the message says why. */
  public static final class MalformedCodeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    MalformedCodeException(String message) {
      super(message);
    }
  }

  /**
   * The code of an issued pass's {@code data} object ({@code {pass, sig, kid, pqSig, pqKid}}).
   *
   * @throws IllegalArgumentException when the object holds no pass signed under a pass kid
   */
  public static String of(String dataJson) {
    JsonNode data = CanonicalJson.parse(Objects.requireNonNull(dataJson, "dataJson"));
    JsonNode pass = data.get(StatementType.PASS.name());
    JsonNode sig = data.get(StatementType.SIG);
    if (pass == null || !pass.isObject() || sig == null || !sig.isTextual()) {
      throw new IllegalArgumentException("not an issued pass: expected {pass, sig, kid, ...}");
    }
    byte[] signature = Base64.getDecoder().decode(sig.textValue());
    return PREFIX
        + "."
        + BASE64URL.encodeToString(CanonicalJson.canonical(pass).getBytes(StandardCharsets.UTF_8))
        + "."
        + BASE64URL.encodeToString(signature);
  }

  /**
   * The {@code data} object {@code {pass, sig, kid}} a code stands for, in {@code namespace}.
   *
   * @throws MalformedCodeException when the text is not a code of this layout
   */
  public static String expand(String code, Namespace namespace) {
    Objects.requireNonNull(namespace, "namespace");
    if (code == null || code.isEmpty()) {
      throw new MalformedCodeException("the pass code is empty");
    }
    String text = code.strip();
    if (text.length() > MAX_LENGTH) {
      throw new MalformedCodeException(
          "the pass code is longer than " + MAX_LENGTH + " characters");
    }
    String[] parts = text.split("\\.", -1);
    if (parts.length != 3 || !parts[0].equals(PREFIX)) {
      throw new MalformedCodeException(
          "the pass code must be " + PREFIX + ".<pass>.<signature> (three dot-separated parts)");
    }
    byte[] passBytes;
    byte[] signature;
    try {
      passBytes = Base64Text.decodeUrl(parts[1]);
      signature = Base64Text.decodeUrl(parts[2]);
    } catch (IllegalArgumentException e) {
      throw new MalformedCodeException("the pass code's parts must be unpadded base64url");
    }
    JsonNode pass;
    try {
      pass = StrictJson.parse(new String(passBytes, StandardCharsets.UTF_8));
    } catch (StrictJson.MalformedJson e) {
      throw new MalformedCodeException("the pass code's pass is not JSON: " + e.getMessage());
    }
    if (!pass.isObject()) {
      throw new MalformedCodeException("the pass code's pass is not a JSON object");
    }
    ObjectNode data = JsonNodeFactory.instance.objectNode();
    data.set(StatementType.PASS.name(), pass);
    data.put(StatementType.SIG, Base64.getEncoder().encodeToString(signature));
    data.put(StatementType.KID, namespace.kid(KeyRole.PASS_V2));
    return CanonicalJson.stringify(data);
  }
}
