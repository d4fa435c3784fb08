package org.walletstate.adapters.http.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import java.util.Map;
import org.walletstate.adapters.http.ratelimit.AddressLimits;
import org.walletstate.adapters.http.ratelimit.RatePolicy;

/**
 * The per-address limits a tool shares with its REST endpoint, taken on top of the {@link
 * RatePolicy#MCP} limit every POST counts against: {@code validate_code} counts against {@link
 * RatePolicy#CODE_VALIDATION} exactly as {@code GET /v1/codes/{code}} without a key does, so the
 * tool is no second, faster way to guess codes. Built by the composition root ({@code McpWiring}).
 */
public class ToolLimits {

  private static final Map<String, RatePolicy> SHARED =
      Map.of("validate_code", RatePolicy.CODE_VALIDATION);

  private final AddressLimits limits;

  public ToolLimits(AddressLimits limits) {
    this.limits = limits;
  }

  /** Counts {@code message} when it calls a tool with a limit of its own; 429 past it. */
  Uni<Void> take(JsonNode message, HttpServerRequest http) {
    if (!"tools/call".equals(message.path("method").asText(null))) {
      return Uni.createFrom().voidItem();
    }
    RatePolicy policy = SHARED.get(message.path("params").path("name").asText(""));
    return policy == null ? Uni.createFrom().voidItem() : limits.take(policy, http);
  }
}
