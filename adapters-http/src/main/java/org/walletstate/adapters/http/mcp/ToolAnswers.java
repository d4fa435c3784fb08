package org.walletstate.adapters.http.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.edge.Failures;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.account.port.in.Paid.Settlement;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.RequestValue;

/**
 * What every tool of {@code /mcp} shares: its arguments read exactly as its REST endpoint reads a
 * body ({@link JsonBodies}) or a query parameter, and its answers: a success with structured
 * content, a tool error carrying the message the REST endpoint would have answered ({@link
 * Failures}), and a metered tool's answer with the shared allowance it drew from.
 */
public class ToolAnswers {

  /** Signed text parsed without losing a digit of any number. */
  private static final ObjectMapper EXACT =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .build();

  // Held as handed in by design: the composition root builds the tool answers once.
  private final ObjectMapper json;
  private final JsonBodies bodies;
  private final Failures failures;

  public ToolAnswers(ObjectMapper json, JsonBodies bodies, Failures failures) {
    this.json = json;
    this.bodies = bodies;
    this.failures = failures;
  }

  /** {@code value} as a JSON tree, as the REST endpoint would serialize it. */
  public JsonNode tree(Object value) {
    return json.valueToTree(value);
  }

  /** The arguments as the REST endpoint would read them from a body. */
  public RequestValue.Obj body(Map<String, Object> args) {
    byte[] text;
    try {
      text = json.writeValueAsBytes(args);
    } catch (JsonProcessingException e) {
      throw ApiError.badRequest("The tool arguments are not a JSON object");
    }
    return bodies.object(text);
  }

  /**
   * A filter argument as its REST endpoint receives the query parameter: text (numbers and booleans
   * as they would be written in the query), or null when absent.
   */
  public static String scalar(Map<String, Object> args, String name) {
    Object value = args.get(name);
    if (value == null) {
      return null;
    }
    if (value instanceof String || value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    throw new ValidationException(name + " must be a string, a number or a boolean");
  }

  /**
   * A metered tool's answer: its outcome answered with the allowance drawn for it, or the refusal
   * once the day's allowance is used up.
   */
  public <T> ToolResponse drawn(
      Paid<T> paid, BiFunction<T, Settlement.Drawn, ToolResponse> answer) {
    if (paid instanceof Paid.Answered<T> answered) {
      return answer.apply(answered.outcome(), (Settlement.Drawn) answered.settlement());
    }
    return error(spentError((Paid.Decline.Spent) ((Paid.Declined<T>) paid).decline()));
  }

  /** The refusal once the day's allowance is used up: 429, and when it resets. */
  static ApiError spentError(Paid.Decline.Spent spent) {
    return new ApiError(
        429,
        "The shared daily allowance of this MCP endpoint ("
            + spent.perDay()
            + " metered tool calls per UTC day, for all callers together) is used up; it resets at "
            + spent.resetsAt()
            + ", in "
            + spent.retryAfterSeconds()
            + " seconds. For calls of your own, create an API key (POST /v1/keys/create) and use"
            + " the REST endpoints.",
        Map.of("Retry-After", Long.toString(spent.retryAfterSeconds())));
  }

  public ToolResponse metered(String text, JsonNode data, Settlement.Drawn drawn) {
    ObjectNode structured = json.createObjectNode();
    structured.set("data", data);
    ObjectNode used = structured.putObject("allowance");
    used.put("perDay", drawn.perDay());
    used.put("used", drawn.used());
    used.put("remaining", Math.max(0, drawn.perDay() - drawn.used()));
    used.put("resetsAt", drawn.resetsAt().toString());
    return success(
        text
            + " Shared allowance: "
            + Math.max(0, drawn.perDay() - drawn.used())
            + " of "
            + drawn.perDay()
            + " calls left today. The signed result is in structuredContent.data.",
        structured);
  }

  public static ToolResponse success(String text, JsonNode structured) {
    return new ToolResponse(false, List.of(new TextContent(text)), vertx(structured), null);
  }

  /**
   * A tool error: the first text is the REST error's message; the second is the REST envelope's
   * {@code error} member as JSON (its numeric code, or {@code rpc_failure} with the failed reads).
   */
  public ToolResponse error(ApiError failure) {
    ObjectNode error = json.createObjectNode();
    ObjectNode body = error.putObject("error");
    body.put("code", failure.status());
    body.put("message", failure.getMessage());
    String retryAfter = failure.headers().get("Retry-After");
    if (retryAfter != null) {
      body.put("retryAfterSeconds", Long.parseLong(retryAfter));
    }
    return errorResponse(failure.getMessage(), error);
  }

  public ToolResponse rpcFailure(List<Envelopes.FailedRead> failed) {
    ObjectNode error = json.createObjectNode();
    error.set(
        "error",
        json.valueToTree(
            new Envelopes.RpcFailureBody("rpc_failure", Envelopes.RPC_FAILURE_MESSAGE, failed)));
    return errorResponse(Envelopes.RPC_FAILURE_MESSAGE, error);
  }

  static ToolResponse errorResponse(String message, JsonNode error) {
    return new ToolResponse(
        true, List.of(new TextContent(message), new TextContent(error.toString())), null, null);
  }

  /**
   * The service account cannot pay: its bookkeeping balance (granted by the migration) ran out. Not
   * the caller's doing, so a 500 with a logged reference, like any other fault of the service.
   */
  public ApiError insufficient(long available, long required) {
    return failures.classify(
        new IllegalStateException(
            "the MCP service account cannot pay: "
                + available
                + " credits available, "
                + required
                + " required"));
  }

  /** Anything a tool throws as the tool error its REST endpoint would give. */
  ToolResponse failed(Throwable failure) {
    return error(failures.classify(failure));
  }

  /** Signed text as JSON, every number exact. */
  public static JsonNode exact(String text) {
    try {
      return EXACT.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("signed text is not JSON", e);
    }
  }

  /** The end of a signed answer's summary: the two keys it is signed with. */
  public static String signedWith(JsonNode data) {
    return "signed with " + data.get("kid").asText() + " and " + data.get("pqKid").asText() + ".";
  }

  @SuppressWarnings("unchecked")
  static JsonObject vertx(JsonNode node) {
    return new JsonObject(EXACT.convertValue(node, Map.class));
  }
}
