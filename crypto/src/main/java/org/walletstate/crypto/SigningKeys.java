package org.walletstate.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.KeyRole;
import org.walletstate.verifier.Namespace;

/**
 * The keys the service signs with, the namespace their kids are written in, and the retired public
 * keys that stay published so everything they signed stays checkable.
 */
public final class SigningKeys {

  // Fields written out by design: each class holds only what it is given.
  private final Namespace namespace;
  private final EcSigningKey ec;
  private final MlDsaSigningKey mlDsa;
  private final List<JsonNode> retiredPublicKeys;

  private SigningKeys(
      Namespace namespace, EcSigningKey ec, MlDsaSigningKey mlDsa, List<JsonNode> retired) {
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    this.ec = Objects.requireNonNull(ec, "ec");
    this.mlDsa = Objects.requireNonNull(mlDsa, "mlDsa");
    this.retiredPublicKeys = List.copyOf(retired);
  }

  public static SigningKeys of(Namespace namespace, EcSigningKey ec, MlDsaSigningKey mlDsa) {
    return new SigningKeys(namespace, ec, mlDsa, List.of());
  }

  /**
   * The same keys, also publishing the public-only entries of {@code retiredJwksJson} (a {@code
   * {"keys":[...]}} document). Entries must carry a kid of their own and no private member.
   */
  public SigningKeys withRetiredKeys(String retiredJwksJson) {
    JsonNode root = CanonicalJson.parse(retiredJwksJson);
    JsonNode keys = root.get("keys");
    if (keys == null || !keys.isArray()) {
      throw new IllegalArgumentException("retired keys: expected {\"keys\":[...]}");
    }
    Set<String> kids = new HashSet<>();
    for (KeyRole role : KeyRole.values()) {
      kids.add(namespace.kid(role));
    }
    for (JsonNode entry : retiredPublicKeys) {
      kids.add(entry.get("kid").textValue());
    }
    List<JsonNode> retired = new ArrayList<>(retiredPublicKeys);
    for (JsonNode entry : keys) {
      JsonNode kid = entry.get("kid");
      if (!entry.isObject() || kid == null || !kid.isTextual()) {
        throw new IllegalArgumentException("retired keys: every entry needs a string kid");
      }
      if (entry.has("d") || entry.has("priv") || entry.has("p") || entry.has("k")) {
        throw new IllegalArgumentException(
            "retired keys: entry "
                + kid.textValue()
                + " carries private material; publish only public keys");
      }
      String kty = entry.path("kty").asText();
      if (!kty.equals("EC") && !kty.equals("AKP")) {
        throw new IllegalArgumentException(
            "retired keys: entry " + kid.textValue() + " is neither EC nor AKP");
      }
      if (!kids.add(kid.textValue())) {
        throw new IllegalArgumentException(
            "retired keys: kid " + kid.textValue() + " is already published");
      }
      retired.add(entry.deepCopy());
    }
    return new SigningKeys(namespace, ec, mlDsa, retired);
  }

  public Namespace namespace() {
    return namespace;
  }

  EcSigningKey ec() {
    return ec;
  }

  MlDsaSigningKey mlDsa() {
    return mlDsa;
  }

  List<JsonNode> retiredPublicKeys() {
    return retiredPublicKeys;
  }

  @Override
  public String toString() {
    return "SigningKeys["
        + namespace
        + ", "
        + ec
        + ", "
        + mlDsa
        + ", retired="
        + retiredPublicKeys.size()
        + "]";
  }
}
