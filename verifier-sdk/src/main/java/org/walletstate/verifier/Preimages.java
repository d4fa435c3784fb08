package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.walletstate.verifier.internal.JsJson;

/**
 * The exact bytes each signature covers, for one namespace. The service signs these bytes and the
 * verifier rebuilds them; {@code docs/signing.md} states them byte for byte.
 *
 * <table>
 *   <caption>Preimages</caption>
 *   <tr><th>artifact, scheme</th><th>bytes (UTF-8)</th></tr>
 *   <tr><td>attestation V1</td><td>{@code JSON.stringify({id, pass, results, attestedAt})}</td></tr>
 *   <tr><td>attestation V2</td><td>{@code <ns>.attestation.v2 LF canonical({v:2, id, pass,
 *       results, attestedAt})}</td></tr>
 *   <tr><td>trust V1</td><td>{@code JSON.stringify(trust)}</td></tr>
 *   <tr><td>trust V2</td><td>{@code <ns>.trust.v2 LF canonical(trust)}</td></tr>
 *   <tr><td>companion</td><td>{@code <ns>.attestation.pq1 LF} (or {@code <ns>.trust.pq1 LF})
 *       followed by the classical preimage</td></tr>
 * </table>
 */
public final class Preimages {

  private static final byte LF = '\n';

  private final Namespace namespace;

  private Preimages(Namespace namespace) {
    this.namespace = namespace;
  }

  public static Preimages of(Namespace namespace) {
    if (namespace == null) {
      throw new IllegalArgumentException("namespace is required");
    }
    return new Preimages(namespace);
  }

  public Namespace namespace() {
    return namespace;
  }

  /**
   * The classical preimage of an attestation: its {@code id}, {@code pass}, {@code results} and
   * {@code attestedAt} members, taken as they are (other members are not signed).
   *
   * @throws IllegalArgumentException when one of the four members is missing
   * @throws CanonicalJson.NestingTooDeepException when the results nest past the bound
   */
  public byte[] attestation(PreimageScheme scheme, JsonNode attestation) {
    JsonNode id = required(attestation, "id");
    JsonNode pass = required(attestation, "pass");
    JsonNode results = required(attestation, "results");
    JsonNode attestedAt = required(attestation, "attestedAt");
    ObjectNode signed = JsonNodeFactory.instance.objectNode();
    try {
      if (scheme == PreimageScheme.V2) {
        signed.put("v", 2);
        signed.set("id", id);
        signed.set("pass", pass);
        signed.set("results", results);
        signed.set("attestedAt", attestedAt);
        return tagged(
            namespace.attestationV2Tag(), JsJson.canonical(signed, CanonicalJson.MAX_DEPTH));
      }
      signed.set("id", id);
      signed.set("pass", pass);
      signed.set("results", results);
      signed.set("attestedAt", attestedAt);
      // the depth bound of the v1 form counts from the results array, one level below the wrapper
      JsJson.requireDepthAtMost(results, CanonicalJson.MAX_DEPTH);
      return utf8(JsJson.stringify(signed, CanonicalJson.MAX_DEPTH + 1));
    } catch (JsJson.NestingTooDeep e) {
      throw new CanonicalJson.NestingTooDeepException(CanonicalJson.MAX_DEPTH);
    }
  }

  /** The classical preimage of a trust profile: the whole object, {@code expiresAt} included. */
  public byte[] trustProfile(PreimageScheme scheme, JsonNode trust) {
    if (trust == null || !trust.isObject()) {
      throw new IllegalArgumentException("a trust profile is a JSON object");
    }
    if (scheme == PreimageScheme.V2) {
      return tagged(namespace.trustV2Tag(), CanonicalJson.canonical(trust));
    }
    return utf8(CanonicalJson.stringify(trust));
  }

  /** The companion preimage of an attestation: its tag line, then the classical preimage. */
  public byte[] attestationCompanion(byte[] classicalPreimage) {
    return tagged(namespace.attestationCompanionTag(), classicalPreimage);
  }

  /** The companion preimage of a trust profile: its tag line, then the classical preimage. */
  public byte[] trustProfileCompanion(byte[] classicalPreimage) {
    return tagged(namespace.trustCompanionTag(), classicalPreimage);
  }

  /** The text a condition hash is taken over: canonical (V2) or the sorted allow-list form (V1). */
  public static String conditionHashInput(PreimageScheme scheme, JsonNode evaluatedCondition) {
    if (evaluatedCondition == null || !evaluatedCondition.isObject()) {
      throw new IllegalArgumentException("an evaluated condition is a JSON object");
    }
    return scheme == PreimageScheme.V2
        ? CanonicalJson.canonical(evaluatedCondition)
        : CanonicalJson.stringifySortedTopLevel(evaluatedCondition);
  }

  /** {@code 0x} + lowercase hex SHA-256 of the UTF-8 {@link #conditionHashInput}. */
  public static String conditionHash(PreimageScheme scheme, JsonNode evaluatedCondition) {
    return "0x"
        + HexFormat.of().formatHex(sha256(utf8(conditionHashInput(scheme, evaluatedCondition))));
  }

  static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  private static JsonNode required(JsonNode attestation, String name) {
    JsonNode value = attestation == null ? null : attestation.get(name);
    if (value == null) {
      throw new IllegalArgumentException("the attestation has no " + name);
    }
    return value;
  }

  private static byte[] tagged(String tag, String body) {
    return tagged(tag, utf8(body));
  }

  private static byte[] tagged(String tag, byte[] body) {
    byte[] head = utf8(tag);
    byte[] out = new byte[head.length + 1 + body.length];
    System.arraycopy(head, 0, out, 0, head.length);
    out[head.length] = LF;
    System.arraycopy(body, 0, out, head.length + 1, body.length);
    return out;
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
