package org.walletstate.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.Preimages;

/**
 * Adds each check's {@code conditionHash} (the V2 hash of its {@code evaluatedCondition}, as
 * attest's results carry it) to a trust profile before it is signed, taking each distinct
 * condition's hash once.
 */
final class TrustConditionHashes {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** Condition hashes already taken; a trust profile's conditions come from a fixed check list. */
  private static final int KEPT = 1024;

  private final Map<JsonNode, String> hashes = new ConcurrentHashMap<>();

  /**
   * {@code trust} with each check's {@code conditionHash} right after its {@code
   * evaluatedCondition}, unless the check already carries one.
   */
  ObjectNode added(ObjectNode trust) {
    JsonNode dimensions = trust.get("dimensions");
    if (dimensions != null && dimensions.isObject()) {
      for (Map.Entry<String, JsonNode> dimension : dimensions.properties()) {
        JsonNode checks = dimension.getValue().get("checks");
        if (checks instanceof ArrayNode list) {
          for (int i = 0; i < list.size(); i++) {
            list.set(i, withConditionHash((ObjectNode) list.get(i)));
          }
        }
      }
    }
    return trust;
  }

  /**
   * The check with {@code conditionHash} inserted after {@code evaluatedCondition}; a check that
   * already carries one is kept as it is.
   */
  private ObjectNode withConditionHash(ObjectNode check) {
    if (check.has("conditionHash")) {
      return check;
    }
    ObjectNode out = NODES.objectNode();
    for (Map.Entry<String, JsonNode> member : check.properties()) {
      out.set(member.getKey(), member.getValue());
      if (member.getKey().equals("evaluatedCondition")) {
        out.put("conditionHash", v2ConditionHash(member.getValue()));
      }
    }
    return out;
  }

  /**
   * The V2 hash of {@code condition}, taken once per distinct condition: the rows of a trust
   * profile are the check list's, the same for every wallet, so each profile would otherwise hash
   * the same 155 to 176 canonical forms again. Equal trees have equal canonical forms (the
   * canonical form sorts members; numbers of different kinds are different keys), so a kept hash is
   * the one hashing would give. Kept up to {@value #KEPT} conditions.
   */
  private String v2ConditionHash(JsonNode condition) {
    String kept = hashes.get(condition);
    if (kept != null) {
      return kept;
    }
    String hash = Preimages.conditionHash(PreimageScheme.V2, condition);
    if (hashes.size() < KEPT) {
      hashes.putIfAbsent(condition.deepCopy(), hash);
    }
    return hash;
  }
}
