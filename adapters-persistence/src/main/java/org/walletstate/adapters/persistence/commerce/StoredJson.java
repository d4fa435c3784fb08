package org.walletstate.adapters.persistence.commerce;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.domain.request.RequestValue;

/**
 * Stored JSON back to the request tree the domain's parsers read, so that a stored configuration is
 * read by the same rules that accepted it.
 */
final class StoredJson {

  private StoredJson() {}

  static RequestValue.Obj object(JsonObject json) {
    return (RequestValue.Obj) value(json);
  }

  static RequestValue value(Object v) {
    if (v == null) {
      return RequestValue.NULL;
    }
    if (v instanceof JsonObject o) {
      return value(o.getMap());
    }
    if (v instanceof JsonArray a) {
      return value(a.getList());
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, RequestValue> members = new LinkedHashMap<>();
      m.forEach((k, x) -> members.put(String.valueOf(k), value(x)));
      return new RequestValue.Obj(members);
    }
    if (v instanceof List<?> l) {
      List<RequestValue> items = new ArrayList<>();
      l.forEach(x -> items.add(value(x)));
      return new RequestValue.Arr(items);
    }
    if (v instanceof String s) {
      return new RequestValue.Text(s);
    }
    if (v instanceof Boolean b) {
      return new RequestValue.Bool(b);
    }
    if (v instanceof Number n) {
      BigDecimal d = new BigDecimal(n.toString());
      return new RequestValue.Number(d, n.toString());
    }
    throw new IllegalStateException("unexpected stored JSON value " + v.getClass());
  }
}
