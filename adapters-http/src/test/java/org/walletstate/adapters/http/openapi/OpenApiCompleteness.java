package org.walletstate.adapters.http.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The rules the served OpenAPI document keeps for every routed endpoint, as a list of what breaks
 * them (empty when the document is complete).
 *
 * <ul>
 *   <li>every routed method and path template has an operation, and every operation is routed;
 *   <li>an operation has an {@code operationId}, a summary and a response that answers the call (a
 *       2xx, or the x402 402 on the quote endpoints);
 *   <li>every response but those of HEAD has an {@code application/json} schema (a success that is
 *       a text document or bytes, {@code text/plain} or {@code application/octet-stream}); success
 *       responses carry an example;
 *   <li>a POST, PUT or PATCH whose method reads the request body has a JSON request body with a
 *       schema and an example ({@code required} stated: {@code false} only where the endpoint also
 *       answers without a body, as {@code POST /v1/merchants/{id}/directory}), and documents 400,
 *       413 and 415; one whose method reads no body (as {@code PUT
 *       /v1/merchants/{id}/domain-verification}) documents no request body;
 *   <li>every operation documents 405, 429 and 500; one that takes a key documents 401;
 *   <li>every 4xx or 5xx answer is one of the error shapes (the error envelope, the rpc_failure
 *       envelope, the x402 quote).
 * </ul>
 */
final class OpenApiCompleteness {

  private static final Set<String> BODY_METHODS = Set.of("post", "put", "patch");

  /** The members of a path item that are operations (others: parameters, summary, servers…). */
  private static final Set<String> OPERATIONS =
      Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

  private static final Set<String> ERROR_SHAPES =
      Set.of(
          "#/components/schemas/ErrorEnvelope",
          "#/components/schemas/RpcFailureEnvelope",
          "#/components/schemas/X402Quote");

  private OpenApiCompleteness() {}

  static List<String> problems(JsonNode document, Map<String, Set<String>> routes) {
    return problems(document, routes, Set.of());
  }

  /**
   * @param withoutBody the routes ({@code "PUT /path"}) whose method reads no request body
   */
  static List<String> problems(
      JsonNode document, Map<String, Set<String>> routes, Set<String> withoutBody) {
    List<String> problems = new ArrayList<>();
    JsonNode paths = document.path("paths");
    for (var route : routes.entrySet()) {
      for (String method : route.getValue()) {
        String verb = method.toLowerCase(Locale.ROOT);
        JsonNode operation = paths.path(route.getKey()).path(verb);
        String name = method + " " + route.getKey();
        if (operation.isMissingNode()) {
          problems.add(name + ": no operation documented");
          continue;
        }
        operationProblems(document, name, verb, !withoutBody.contains(name), operation, problems);
      }
    }
    for (Iterator<String> p = paths.fieldNames(); p.hasNext(); ) {
      String path = p.next();
      for (Iterator<String> m = paths.path(path).fieldNames(); m.hasNext(); ) {
        String member = m.next();
        if (!OPERATIONS.contains(member)) {
          continue;
        }
        String method = member.toUpperCase(Locale.ROOT);
        if (!routes.getOrDefault(path, Set.of()).contains(method)) {
          problems.add(method + " " + path + ": documented but not routed");
        }
      }
    }
    JsonNode schemes = document.path("components").path("securitySchemes");
    for (String scheme : List.of("ApiKey", "Wallet", "X402Payment")) {
      if (schemes.path(scheme).isMissingNode()) {
        problems.add("security scheme " + scheme + " is missing");
      }
    }
    return problems;
  }

  private static void operationProblems(
      JsonNode document,
      String name,
      String verb,
      boolean readsBody,
      JsonNode operation,
      List<String> problems) {
    if (operation.path("operationId").asText("").isEmpty()) {
      problems.add(name + ": no operationId");
    }
    if (operation.path("summary").asText("").isEmpty()) {
      problems.add(name + ": no summary");
    }
    JsonNode responses = operation.path("responses");
    boolean answers = false;
    for (Map.Entry<String, JsonNode> entry : responses.properties()) {
      String status = entry.getKey();
      JsonNode response = resolve(document, entry.getValue());
      answers |= status.startsWith("2") || status.equals("402");
      if (verb.equals("head") || status.equals("304")) {
        continue; // no body: a HEAD answer, and a 304 (RFC 9110, section 15.4.5)
      }
      JsonNode json = response.path("content").path("application/json");
      if (status.startsWith("2") && json.isMissingNode()) {
        // a success that is a text document (the log's signed checkpoint, llms.txt) documents
        // text/plain
        json = response.path("content").path("text/plain");
      }
      if (status.startsWith("2") && json.isMissingNode()) {
        // and one that is bytes (the log's tiles) documents application/octet-stream
        json = response.path("content").path("application/octet-stream");
      }
      if (json.path("schema").isMissingNode()) {
        problems.add(name + ": response " + status + " has no application/json schema");
        continue;
      }
      if (status.startsWith("2") && !hasExample(json)) {
        problems.add(name + ": response " + status + " has no example");
      }
      if ((status.startsWith("4") || status.startsWith("5"))
          && !isErrorShape(json.path("schema"))) {
        problems.add(name + ": response " + status + " is not one of the error shapes");
      }
    }
    if (!answers) {
      problems.add(name + ": no 2xx (or x402 402) response");
    }
    List<String> required = new ArrayList<>(List.of("405", "429", "500"));
    if (BODY_METHODS.contains(verb) && !readsBody) {
      if (operation.has("requestBody")) {
        problems.add(name + ": documents a request body the endpoint does not read");
      }
    } else if (BODY_METHODS.contains(verb)) {
      JsonNode body = resolve(document, operation.path("requestBody"));
      JsonNode json = body.path("content").path("application/json");
      // required: false only where it is said outright (an endpoint that also answers without one)
      if (!body.path("required").isBoolean() || json.path("schema").isMissingNode()) {
        problems.add(name + ": no required application/json request body with a schema");
      } else if (!hasExample(json)) {
        problems.add(name + ": the request body has no example");
      }
      required.addAll(List.of("400", "413", "415"));
    }
    if (takesKey(document, operation)) {
      required.add("401");
    }
    for (String status : required) {
      if (responses.path(status).isMissingNode()) {
        problems.add(name + ": error response " + status + " is not documented");
      }
    }
  }

  private static boolean takesKey(JsonNode document, JsonNode operation) {
    JsonNode security =
        operation.has("security") ? operation.path("security") : document.path("security");
    for (JsonNode requirement : security) {
      if (requirement.has("ApiKey")) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasExample(JsonNode media) {
    return media.has("example") || media.path("examples").size() > 0;
  }

  private static boolean isErrorShape(JsonNode schema) {
    if (ERROR_SHAPES.contains(schema.path("$ref").asText())) {
      return true;
    }
    JsonNode choices = schema.path("oneOf");
    if (choices.isEmpty()) {
      return false;
    }
    for (JsonNode choice : choices) {
      if (!ERROR_SHAPES.contains(choice.path("$ref").asText())) {
        return false;
      }
    }
    return true;
  }

  /** Follows a local {@code $ref} ({@code #/components/...}) to what it names. */
  static JsonNode resolve(JsonNode document, JsonNode node) {
    JsonNode current = node;
    for (int hops = 0; hops < 8 && current.has("$ref"); hops++) {
      String ref = current.path("$ref").asText();
      if (!ref.startsWith("#/")) {
        return current;
      }
      current = document.at(ref.substring(1));
    }
    return current;
  }
}
