package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.security.interfaces.ECPublicKey;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAPublicKeyParameters;
import org.walletstate.verifier.internal.Base64Text;
import org.walletstate.verifier.internal.Es256;
import org.walletstate.verifier.internal.MlDsa65;
import org.walletstate.verifier.internal.StrictJson;

/**
 * A published key set ({@code {"keys":[...]}}), resolved by {@code kid} only: never by position,
 * never with a fallback. EC entries are P-256 keys for the classical signatures; AKP entries (RFC
 * 9964) are ML-DSA-65 keys for the companions. Entries of other types are kept and simply never
 * match a lookup. Keys are never removed from a published set, so a saved copy stays good for
 * everything signed before it was saved.
 */
public final class KeySet {

  private static final KeySet EMPTY = new KeySet(Map.of(), "empty key set");

  private final Map<String, JsonNode> entriesByKid;
  private final String label;

  private KeySet(Map<String, JsonNode> entriesByKid, String label) {
    this.entriesByKid = entriesByKid;
    this.label = label;
  }

  /** A key set with no keys: every signature check against it fails. */
  public static KeySet empty() {
    return EMPTY;
  }

  /** Parses a JWKS document. Entries without a string {@code kid} can never be selected. */
  public static KeySet parse(String jwksJson) {
    return parse(jwksJson, "key set");
  }

  /**
   * Parses a JWKS document, naming it {@code label} in failure reasons (e.g. its URL).
   *
   * @throws IllegalArgumentException when the text is not a key set, or two entries share a kid
   */
  public static KeySet parse(String jwksJson, String label) {
    JsonNode root;
    try {
      root = StrictJson.parse(jwksJson);
    } catch (StrictJson.MalformedJson e) {
      throw new IllegalArgumentException(label + ": " + e.getMessage(), e);
    }
    JsonNode keys = root.get("keys");
    if (!root.isObject() || keys == null || !keys.isArray()) {
      throw new IllegalArgumentException(label + " has no keys array");
    }
    Map<String, JsonNode> byKid = new LinkedHashMap<>();
    for (JsonNode entry : keys) {
      JsonNode kid = entry.get("kid");
      if (!entry.isObject() || kid == null || !kid.isTextual()) {
        continue;
      }
      if (byKid.put(kid.textValue(), entry.deepCopy()) != null) {
        throw new IllegalArgumentException(label + " lists kid " + kid.textValue() + " twice");
      }
    }
    return new KeySet(Collections.unmodifiableMap(byKid), label);
  }

  /** The kids this set can resolve, in document order. */
  public List<String> kids() {
    return List.copyOf(entriesByKid.keySet());
  }

  public boolean isEmpty() {
    return entriesByKid.isEmpty();
  }

  /** The P-256 key under {@code kid}, or the reason there is none. */
  Lookup<ECPublicKey> ecKey(String kid) {
    if (kid == null) {
      return Lookup.missing("the response carries no kid; the signing key cannot be selected");
    }
    if (entriesByKid.isEmpty()) {
      return Lookup.missing(label + " contains no keys");
    }
    JsonNode entry = entriesByKid.get(kid);
    if (entry == null) {
      return Lookup.missing(label + " has no key matching kid \"" + kid + "\"");
    }
    if (!"EC".equals(text(entry, "kty")) || !"P-256".equals(text(entry, "crv"))) {
      return Lookup.missing("key \"" + kid + "\" is not a P-256 EC key");
    }
    String alg = text(entry, "alg");
    if (entry.has("alg") && !"ES256".equals(alg)) {
      return Lookup.missing("key \"" + kid + "\" is published for " + alg + ", not ES256");
    }
    try {
      return Lookup.found(
          Es256.publicKey(
              Base64Text.decodeUrl(text(entry, "x")), Base64Text.decodeUrl(text(entry, "y"))));
    } catch (RuntimeException e) {
      return Lookup.missing("key \"" + kid + "\" is not a valid P-256 public key");
    }
  }

  /** The ML-DSA-65 key under {@code kid}, or the reason there is none. */
  Lookup<MLDSAPublicKeyParameters> mlDsaKey(String kid) {
    JsonNode entry = entriesByKid.get(kid);
    if (entry == null) {
      return Lookup.missing(label + " has no key matching pqKid \"" + kid + "\"");
    }
    if (!"AKP".equals(text(entry, "kty"))
        || !"ML-DSA-65".equals(text(entry, "alg"))
        || text(entry, "pub") == null) {
      return Lookup.missing("key \"" + kid + "\" is not an RFC 9964 ML-DSA-65 key");
    }
    try {
      return Lookup.found(MlDsa65.publicKey(Base64Text.decodeUrl(text(entry, "pub"))));
    } catch (RuntimeException e) {
      return Lookup.missing("key \"" + kid + "\" has no valid ML-DSA-65 public key");
    }
  }

  private static String text(JsonNode entry, String name) {
    JsonNode value = entry.get(name);
    return value != null && value.isTextual() ? value.textValue() : null;
  }

  @Override
  public String toString() {
    return label + " " + entriesByKid.keySet();
  }

  /** A key, or why it could not be selected. */
  record Lookup<K>(K key, String problem) {
    static <K> Lookup<K> found(K key) {
      return new Lookup<>(key, null);
    }

    static <K> Lookup<K> missing(String problem) {
      return new Lookup<>(null, problem);
    }

    boolean isFound() {
      return key != null;
    }
  }
}
