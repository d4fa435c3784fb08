package org.walletstate.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.verifier.CanonicalJson;

/**
 * The domain's ordered payload values as JSON trees for the SDK's serializers: the same members in
 * the same order. Numbers go through {@link CanonicalJson#number}, which refuses one JavaScript
 * would read back as another decimal (the domain issues those as text), so nothing is signed as
 * something other than what it says.
 */
final class PayloadTrees {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private PayloadTrees() {}

  static JsonNode tree(PayloadValue value) {
    if (value instanceof PayloadValue.Text text) {
      return NODES.textNode(text.value());
    }
    if (value instanceof PayloadValue.Number number) {
      return CanonicalJson.number(number.value());
    }
    if (value instanceof PayloadValue.Bool bool) {
      return NODES.booleanNode(bool.value());
    }
    if (value instanceof PayloadValue.Null) {
      return NODES.nullNode();
    }
    if (value instanceof PayloadValue.Obj obj) {
      return object(obj);
    }
    PayloadValue.Arr arr = (PayloadValue.Arr) value;
    ArrayNode array = NODES.arrayNode(arr.items().size());
    for (PayloadValue item : arr.items()) {
      array.add(tree(item));
    }
    return array;
  }

  static ObjectNode object(PayloadValue.Obj obj) {
    ObjectNode object = NODES.objectNode();
    for (Map.Entry<String, PayloadValue> member : obj.members().entrySet()) {
      object.set(member.getKey(), tree(member.getValue()));
    }
    return object;
  }

  /** Appends {@code members} to {@code target}, refusing to overwrite a member already there. */
  static void append(ObjectNode target, PayloadValue.Obj members, String what) {
    for (Map.Entry<String, PayloadValue> member : members.members().entrySet()) {
      if (target.has(member.getKey())) {
        throw new IllegalArgumentException(
            what + " member \"" + member.getKey() + "\" collides with a result field");
      }
      target.set(member.getKey(), tree(member.getValue()));
    }
  }
}
