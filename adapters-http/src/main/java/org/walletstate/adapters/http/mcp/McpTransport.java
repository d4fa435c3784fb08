package org.walletstate.adapters.http.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.adapters.http.auth.WalletScope;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.ratelimit.AddressLimits;
import org.walletstate.adapters.http.ratelimit.RatePolicy;

/**
 * What {@code /mcp} answers before the MCP server sees a request. The endpoint is stateless: it
 * serves POST (each request stands alone; a request without a session is initialised on the fly)
 * and DELETE (ends a session a client opened with {@code initialize}). GET would open a stream for
 * server-initiated messages, which this server never sends, so it is 405 as the streamable HTTP
 * transport allows; so is every other method. The older SSE transport ({@code /mcp/sse}, {@code
 * /mcp/messages/…}) is not offered: 404. Every POST is counted against the per-address {@link
 * RatePolicy#MCP} limit, and a tool call that shares a limit with its REST endpoint against that
 * one too ({@link ToolLimits}); {@code Authorization: Wallet} is refused with 501 before anything
 * else, as on every endpoint outside the five that accept it. Refusals are the service's error
 * envelope.
 */
@ApplicationScoped
public class McpTransport {

  static final String ROOT = "/mcp";
  static final String ALLOW = "POST, DELETE";

  // Fields written out by design: each class holds only what it is given.
  private final AddressLimits limits;
  private final ToolLimits toolLimits;
  private final Envelopes envelopes;
  private final ObjectMapper json;
  private final long maxBodyBytes;

  @Inject
  public McpTransport(
      AddressLimits limits,
      ToolLimits toolLimits,
      Envelopes envelopes,
      ObjectMapper json,
      @ConfigProperty(name = "walletstate.http.max-body-size") MemorySize maxBody) {
    this.limits = limits;
    this.toolLimits = toolLimits;
    this.envelopes = envelopes;
    this.json = json;
    this.maxBodyBytes = maxBody.asLongValue();
  }

  /**
   * A POST carries one JSON-RPC message, an object. Anything else that is JSON (an array: batches
   * are not part of the protocol since 2025-06-18; a number, a string, null) is refused here with
   * 400 and a JSON-RPC error without an id, as the transport allows; text that is not JSON at all
   * is left to the MCP server, which answers the JSON-RPC parse error.
   */
  private void oneMessage(RoutingContext ctx) {
    JsonNode message;
    try {
      message =
          json.readTree(ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes());
    } catch (IOException e) {
      ctx.next();
      return;
    }
    if (message != null && message.isObject()) {
      toolLimits
          .take(message, ctx.request())
          .subscribe()
          .with(allowed -> ctx.next(), refused -> refuse(ctx, refused));
      return;
    }
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid"
            + " Request: a POST to "
            + ROOT
            + " carries one JSON-RPC message, a JSON object\"}}";
    ctx.response()
        .setStatusCode(400)
        .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
        .end(body);
  }

  void install(@Observes Router router) {
    // after the edge's body-size check (Integer.MIN_VALUE), before the MCP server's own routes
    router.route(ROOT).order(Integer.MIN_VALUE + 1).handler(this::root);
    router
        .post(ROOT)
        .order(Integer.MIN_VALUE + 2)
        .handler(BodyHandler.create().setBodyLimit(maxBodyBytes));
    router.post(ROOT).order(Integer.MIN_VALUE + 3).handler(this::oneMessage);
    router.routeWithRegex("^" + ROOT + "/.+").order(Integer.MIN_VALUE + 1).handler(this::legacy);
  }

  private void root(RoutingContext ctx) {
    Optional<ApiError> walletPass =
        WalletScope.outsideScope(ctx.request().getHeader(HttpHeaders.AUTHORIZATION));
    if (walletPass.isPresent()) {
      reply(ctx, walletPass.get());
      return;
    }
    HttpMethod method = ctx.request().method();
    if (HttpMethod.DELETE.equals(method)) {
      ctx.next();
      return;
    }
    if (!HttpMethod.POST.equals(method)) {
      reply(
          ctx,
          new ApiError(
              405,
              "Method "
                  + method.name()
                  + " is not allowed on "
                  + ROOT
                  + "; allowed: "
                  + ALLOW
                  + ". This MCP endpoint is stateless: send each JSON-RPC request as a POST (MCP"
                  + " streamable HTTP); it opens no server-to-client stream.",
              Map.of("Allow", ALLOW)));
      return;
    }
    List<String> accepts = ctx.request().headers().getAll(HttpHeaders.ACCEPT);
    String accept = String.join(",", accepts);
    if (!accept.contains("application/json") || !accept.contains("text/event-stream")) {
      reply(
          ctx,
          ApiError.badRequest(
              "POST "
                  + ROOT
                  + " needs the header Accept: application/json, text/event-stream (MCP"
                  + " streamable HTTP transport)"));
      return;
    }
    ctx.request().pause();
    limits
        .take(RatePolicy.MCP, ctx.request())
        .subscribe()
        .with(
            allowed -> {
              ctx.request().resume();
              ctx.next();
            },
            refused -> {
              ctx.request().resume();
              refuse(ctx, refused);
            });
  }

  private void refuse(RoutingContext ctx, Throwable refused) {
    if (refused instanceof ApiError error) {
      reply(ctx, error);
    } else {
      ctx.fail(refused);
    }
  }

  private void legacy(RoutingContext ctx) {
    reply(
        ctx,
        new ApiError(
            404,
            "No endpoint "
                + ctx.request().method().name()
                + " "
                + ctx.request().path()
                + "; the MCP endpoint is "
                + ROOT
                + " (streamable HTTP), the older SSE transport is not offered"));
  }

  private void reply(RoutingContext ctx, ApiError error) {
    if (ctx.response().ended()) {
      return;
    }
    String body;
    try {
      body = json.writeValueAsString(envelopes.failure(error.status(), error.getMessage()));
    } catch (JsonProcessingException e) {
      ctx.fail(e);
      return;
    }
    error.headers().forEach((name, value) -> ctx.response().putHeader(name, value));
    ctx.response()
        .setStatusCode(error.status())
        .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
        .end(body);
  }
}
