package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The exact bytes each signature covers, for one namespace: the {@link StatementType} definitions
 * bound to a namespace, and the condition-hash forms. The service signs these bytes and the
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

  /** The classical preimage of a statement of {@code type}: {@link StatementType#preimage}. */
  public byte[] statement(StatementType type, PreimageScheme scheme, JsonNode statement) {
    return type.preimage(namespace, scheme, statement);
  }

  /** The companion preimage of a statement of {@code type}: its tag line, then the classical. */
  public byte[] companion(StatementType type, byte[] classicalPreimage) {
    return type.companionPreimage(namespace, classicalPreimage);
  }

  /**
   * The classical preimage of an attestation: its {@code id}, {@code pass}, {@code results} and
   * {@code attestedAt} members, taken as they are (other members are not signed).
   *
   * @throws IllegalArgumentException when one of the four members is missing
   * @throws CanonicalJson.NestingTooDeepException when the results nest past the bound
   */
  public byte[] attestation(PreimageScheme scheme, JsonNode attestation) {
    return statement(StatementType.ATTESTATION, scheme, attestation);
  }

  /** The classical preimage of a trust profile: the whole object, {@code expiresAt} included. */
  public byte[] trustProfile(PreimageScheme scheme, JsonNode trust) {
    return statement(StatementType.TRUST_PROFILE, scheme, trust);
  }

  /** The companion preimage of an attestation: its tag line, then the classical preimage. */
  public byte[] attestationCompanion(byte[] classicalPreimage) {
    return companion(StatementType.ATTESTATION, classicalPreimage);
  }

  /** The companion preimage of a trust profile: its tag line, then the classical preimage. */
  public byte[] trustProfileCompanion(byte[] classicalPreimage) {
    return companion(StatementType.TRUST_PROFILE, classicalPreimage);
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
        + HexFormat.of()
            .formatHex(
                sha256(
                    conditionHashInput(scheme, evaluatedCondition)
                        .getBytes(StandardCharsets.UTF_8)));
  }

  private static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
