package org.walletstate.adapters.chain.evm.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.domain.request.RequestValue;

/** Request bodies written as JSON text, read into the domain's {@link RequestValue}. */
public final class Bodies {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private Bodies() {}

  public static RequestValue.Obj object(String json) {
    try {
      return (RequestValue.Obj) value(JSON.readTree(json));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + json, e);
    }
  }

  private static RequestValue value(JsonNode node) {
    if (node.isObject()) {
      Map<String, RequestValue> members = new LinkedHashMap<>();
      node.properties().forEach(e -> members.put(e.getKey(), value(e.getValue())));
      return new RequestValue.Obj(members);
    }
    if (node.isArray()) {
      List<RequestValue> items = new ArrayList<>();
      node.forEach(item -> items.add(value(item)));
      return new RequestValue.Arr(items);
    }
    if (node.isNumber()) {
      return new RequestValue.Number(node.decimalValue(), node.asText());
    }
    if (node.isBoolean()) {
      return new RequestValue.Bool(node.booleanValue());
    }
    if (node.isNull()) {
      return RequestValue.NULL;
    }
    return new RequestValue.Text(node.asText());
  }
}
