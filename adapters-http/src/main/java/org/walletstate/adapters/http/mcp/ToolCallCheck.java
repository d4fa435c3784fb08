package org.walletstate.adapters.http.mcp;

import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpMethod;
import io.quarkiverse.mcp.server.runtime.McpRequest;
import io.quarkiverse.mcp.server.runtime.McpRequestValidator;
import io.quarkiverse.mcp.server.runtime.Messages;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.Map;

/**
 * Checks a {@code tools/call} before the MCP server dispatches it. {@code params} and {@code
 * params.arguments} must be objects ({@code -32602} otherwise). The server cannot carry an argument
 * whose value is JSON {@code null} to a tool, so such a call is answered here by the same tool code
 * ({@link McpTools#call}), which refuses the null with its endpoint's message.
 */
public class ToolCallCheck implements McpRequestValidator {

  private final McpTools tools;

  public ToolCallCheck(McpTools tools) {
    this.tools = tools;
  }

  @Override
  public <R extends McpRequest> Future<Boolean> validate(
      JsonObject message, R request, McpMethod method) {
    if (method != McpMethod.TOOLS_CALL) {
      return Future.succeededFuture(true);
    }
    Object id = Messages.getId(message);
    Object params = message.getValue("params");
    if (!(params instanceof JsonObject call)) {
      return refuse(request, id, "Invalid params: params must be an object");
    }
    if (!(call.getValue("name") instanceof String name)) {
      return refuse(request, id, "Invalid params: params.name must be a string, the tool's name");
    }
    Object arguments = call.getValue("arguments");
    if (arguments == null) {
      return Future.succeededFuture(true);
    }
    if (!(arguments instanceof JsonObject args)) {
      return refuse(request, id, "Invalid params: params.arguments must be an object");
    }
    if (!args.getMap().containsValue(null) || !tools.handles(name)) {
      return Future.succeededFuture(true);
    }
    Map<String, Object> copy = new HashMap<>(args.getMap());
    return Future.fromCompletionStage(tools.call(name, copy).subscribeAsCompletionStage())
        .compose(answer -> request.sender().sendResult(id, answer))
        .map(sent -> false);
  }

  private static Future<Boolean> refuse(McpRequest request, Object id, String message) {
    return request
        .sender()
        .sendError(id, JsonRpcErrorCodes.INVALID_PARAMS, message)
        .map(sent -> false);
  }
}
