package org.walletstate.adapters.http.edge;

import io.vertx.core.MultiMap;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code Cache-Control: no-store} on every answer of the API ({@code /v1/…} and {@code /mcp}) that
 * does not say otherwise, and on every 402 wherever it comes from: signed statements, x402 quotes,
 * balances and keys are the caller's own and of their moment, and no cache between the caller and
 * the service may keep them. The answers that may be cached set their own ({@code
 * caching.Validated}: the key set, the directory reads).
 */
final class CacheDefaults {

  static final String NO_STORE = "no-store";

  private CacheDefaults() {}

  /** A route handler: completes the answer's headers when they are written, then continues. */
  static void onEveryAnswer(RoutingContext ctx) {
    String path = ctx.request().path();
    ctx.addHeadersEndHandler(
        ignored -> apply(path, ctx.response().getStatusCode(), ctx.response().headers()));
    ctx.next();
  }

  static void apply(String path, int status, MultiMap headers) {
    if (headers.contains("Cache-Control")) {
      return;
    }
    boolean api = path != null && (path.startsWith("/v1/") || path.equals("/mcp"));
    if (api || status == 402) {
      headers.set("Cache-Control", NO_STORE);
    }
  }
}
