package org.walletstate.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Map;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.verifier.CanonicalJson;

/**
 * The domain's ordered payload values as JSON trees for the SDK's serializers. A number is accepted
 * only when JavaScript would read its JSON form back as the same decimal: a value that would
 * silently round (beyond 2^53, or with more digits than a double holds) must be issued as text by
 * the domain, never signed as something other than what it says.
 */
final class PayloadTrees {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private PayloadTrees() {}

  static JsonNode tree(PayloadValue value) {
    if (value instanceof PayloadValue.Text text) {
      return NODES.textNode(text.value());
    }
    if (value instanceof PayloadValue.Number number) {
      return NODES.numberNode(exactDouble(number.value()));
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

  static double exactDouble(BigDecimal value) {
    double d = value.doubleValue();
    if (!Double.isFinite(d)
        || new BigDecimal(CanonicalJson.numberToString(d)).compareTo(value) != 0) {
      throw new IllegalArgumentException(
          "the number "
              + value.toPlainString()
              + " has no exact JavaScript form; issue it as a decimal string");
    }
    return d;
  }
}
