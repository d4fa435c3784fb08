package org.walletstate.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.walletstate.application.port.out.PublishedKeys;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.KeyRole;
import org.walletstate.verifier.Namespace;

/**
 * The published key set {@code {"keys":[...]}}: one EC entry ({@code kty, crv, x, y, kid, alg,
 * use}) for each classical kid over the one P-256 key, retired EC keys, then one AKP entry ({@code
 * kty, alg, pub, kid, use}) for each companion kid over the one ML-DSA-65 key, then retired AKP
 * keys. Built by hand: JOSE libraries drop AKP entries.
 */
public final class PublishedKeySet implements PublishedKeys {

  private static final List<KeyRole> CLASSICAL =
      List.of(
          KeyRole.ATTEST_V1,
          KeyRole.ATTEST_V2,
          KeyRole.TRUST_V2,
          KeyRole.DISCOUNT_V2,
          KeyRole.PASS_V2);
  private static final List<KeyRole> COMPANION =
      List.of(KeyRole.ATTEST_PQ1, KeyRole.TRUST_PQ1, KeyRole.DISCOUNT_PQ1, KeyRole.PASS_PQ1);

  private final String json;

  public PublishedKeySet(SigningKeys keys) {
    this.json = build(keys);
  }

  private static String build(SigningKeys keys) {
    Namespace namespace = keys.namespace();
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    ArrayNode entries = root.putArray("keys");
    for (KeyRole role : CLASSICAL) {
      ObjectNode entry = keys.ec().publicJwk();
      entry.put("kid", namespace.kid(role));
      entry.put("alg", "ES256");
      entry.put("use", "sig");
      entries.add(entry);
    }
    for (JsonNode retired : keys.retiredPublicKeys()) {
      if ("EC".equals(retired.path("kty").asText())) {
        entries.add(retired);
      }
    }
    for (KeyRole role : COMPANION) {
      ObjectNode entry = keys.mlDsa().publicJwk();
      entry.put("kid", namespace.kid(role));
      entry.put("use", "sig");
      entries.add(entry);
    }
    for (JsonNode retired : keys.retiredPublicKeys()) {
      if ("AKP".equals(retired.path("kty").asText())) {
        entries.add(retired);
      }
    }
    return CanonicalJson.stringify(root);
  }

  @Override
  public String jwksJson() {
    return json;
  }
}
