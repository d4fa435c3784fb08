package org.walletstate.adapters.http.edge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.VertxException;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.envelope.ErrorReferences;

/**
 * The HTTP edge below the REST layer: what is refused before a resource is reached (a body over the
 * limit, declared or counted while it streams in) and what fails outside any resource (routes of
 * the management endpoints) also leaves as the error envelope; every answer gets the {@link
 * SecurityHeaders}.
 */
@ApplicationScoped
public class HttpEdge {

  private final Envelopes envelopes;
  private final ErrorReferences references;
  private final ObjectMapper json;

  /** Methods whose requests carry a body in this interface. */
  private static final Set<HttpMethod> BODY_METHODS =
      Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE);

  private final long maxBodyBytes;
  private final BodyHandler streamedBodies;

  // The body limit read as McpTransport reads it, by design: both take the one configured size.
  @Inject
  public HttpEdge(
      Envelopes envelopes,
      ErrorReferences references,
      ObjectMapper json,
      @ConfigProperty(name = "walletstate.http.max-body-size") MemorySize maxBody) {
    this.envelopes = envelopes;
    this.references = references;
    this.json = json;
    this.maxBodyBytes = maxBody.asLongValue();
    this.streamedBodies = BodyHandler.create(false).setBodyLimit(maxBodyBytes);
  }

  void install(@Observes Router router) {
    router.route().order(Integer.MIN_VALUE).handler(SecurityHeaders::onEveryAnswer);
    router.route().order(Integer.MIN_VALUE).handler(RetryAfter::onEveryAnswer);
    router.route().order(Integer.MIN_VALUE).handler(CacheDefaults::onEveryAnswer);
    router.route().order(Integer.MIN_VALUE).handler(this::refuseDeclaredOversizedBodies);
    router.route().order(Integer.MIN_VALUE).handler(this::countStreamedBodies);
    // The router's own refusals are failures, which Quarkus's failure handler would answer with
    // its error page; this one runs first.
    router.route().order(Integer.MIN_VALUE).failureHandler(this::routerRefusals);
    router.errorHandler(413, ctx -> reply(ctx, 413, tooLarge()));
    router.errorHandler(404, ctx -> reply(ctx, 404, "No endpoint " + describe(ctx)));
    router.errorHandler(405, ctx -> reply(ctx, 405, "Method not allowed: " + describe(ctx)));
    router.errorHandler(500, ctx -> reply(ctx, 500, references.logged(ctx.failure())));
  }

  private void refuseDeclaredOversizedBodies(RoutingContext ctx) {
    String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
    if (length != null) {
      try {
        if (Long.parseLong(length.trim()) > maxBodyBytes) {
          reply(ctx, 413, tooLarge());
          return;
        }
      } catch (NumberFormatException e) {
        reply(ctx, 400, "Content-Length is not a number");
        return;
      }
    }
    ctx.next();
  }

  /**
   * A body sent without a length (chunked) is read here, counting as it arrives: past the limit the
   * request fails with 413 (the envelope below) and reading stops; within it the endpoint gets the
   * body already read. A body with a length was checked above and streams on untouched.
   */
  private void countStreamedBodies(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    // chunked on HTTP/1.1; on HTTP/2 (h2c included) a body without a length has no header at all.
    // Only the methods whose endpoints read a body are counted: a GET's stream (which an HTTP/2
    // client may end with an empty frame after its headers) is left to the endpoint, which reads
    // none, so reading it here would leave the endpoint a request already read.
    boolean streamed =
        request.getHeader(HttpHeaders.CONTENT_LENGTH) == null
            && !request.isEnded()
            && BODY_METHODS.contains(request.method());
    if (streamed) {
      streamedBodies.handle(ctx);
    } else {
      ctx.next();
    }
  }

  private String tooLarge() {
    return JsonBodies.tooLarge(maxBodyBytes);
  }

  private void routerRefusals(RoutingContext ctx) {
    if (ctx.statusCode() == 400) {
      reply(ctx, 400, badRequest(ctx));
    } else if (ctx.statusCode() == 413) {
      reply(ctx, 413, tooLarge());
    } else if (brokenFraming(ctx.failure())) {
      reply(ctx, 400, "Bad request: the body's chunked framing is malformed");
    } else if (ctx.failure() instanceof HttpClosedException) {
      // the client went away while its body was read: there is no one to answer
      return;
    } else {
      ctx.next();
    }
  }

  /**
   * A failure of the HTTP codec while a streamed body was read (a chunk size that is no number).
   */
  private static boolean brokenFraming(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      StackTraceElement[] at = t.getStackTrace();
      if (at.length > 0 && at[0].getClassName().startsWith("io.netty.handler.codec.")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The router refuses some requests before any route runs: HTTP/1.1 without a Host header, a Host
   * that is not a valid authority, an empty path. Its reason names what is wrong with the request.
   */
  private static String badRequest(RoutingContext ctx) {
    Throwable failure = ctx.failure();
    if (failure instanceof VertxException && failure.getMessage() != null) {
      return "Bad request: " + failure.getMessage();
    }
    return "Bad request";
  }

  private static String describe(RoutingContext ctx) {
    return ctx.request().method().name() + " " + ctx.request().path();
  }

  private void reply(RoutingContext ctx, int status, String message) {
    if (ctx.response().ended() || ctx.response().headWritten()) {
      return;
    }
    String body;
    try {
      body = json.writeValueAsString(envelopes.failure(status, message));
    } catch (JsonProcessingException e) {
      body = "{\"ok\":false,\"error\":{\"code\":" + status + ",\"message\":\"error\"}}";
    }
    ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
    if (ctx.request().version() != HttpVersion.HTTP_2) { // HTTP/2 has no connection headers
      ctx.response().putHeader(HttpHeaders.CONNECTION, status == 413 ? "close" : "keep-alive");
    }
    ctx.response().end(body);
  }
}
