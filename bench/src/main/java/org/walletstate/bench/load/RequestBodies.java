package org.walletstate.bench.load;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.RequestValue;

/**
 * Attest request bodies as the driver sends them (JSON text) and as the domain reads them, so the
 * baseline reads exactly what the service's read plan for the same body asks for.
 */
public final class RequestBodies {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private RequestBodies() {}

  /** What {@code json} asks of the chains, validated, as a v2 key would send it. */
  public static AttestRequest request(String json) {
    return AttestCommands.parse(object(json), KeyVersion.V2).request();
  }

  /** {@code json} (an object) as the domain's request value. */
  public static RequestValue.Obj object(String json) {
    try {
      JsonNode node = JSON.readTree(json);
      if (!node.isObject()) {
        throw new IllegalArgumentException("not a JSON object: " + json);
      }
      return (RequestValue.Obj) value(node);
    } catch (IOException e) {
      throw new UncheckedIOException("not JSON: " + json, e);
    }
  }

  // JSON as request values written out by design: the bench builds its bodies without the HTTP
  // adapter.
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
