package org.walletstate.adapters.http.edge;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.Locale;

/**
 * Headers every answer of the public port carries, set when its headers are written, so that
 * whatever produced it (an endpoint, an envelope of the edge, a static page added later) gets them:
 * {@code X-Content-Type-Options: nosniff} on everything; on HTML pages a Content Security Policy
 * that allows only the service's own scripts, styles and connections and forbids framing ({@code
 * frame-ancestors 'none'}, with {@code X-Frame-Options: DENY} for older browsers); on every other
 * answer a policy that allows nothing, since no other answer is meant to be rendered.
 */
final class SecurityHeaders {

  /** The policy of the service's HTML pages. */
  static final String PAGE_POLICY =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:;"
          + " connect-src 'self'; media-src 'self' blob:; object-src 'none'; base-uri 'none';"
          + " form-action 'self'; frame-ancestors 'none'";

  /** The policy of every other answer (JSON, text, scripts, images). */
  static final String NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'";

  private SecurityHeaders() {}

  /** A route handler: sets the headers when the answer's headers are written, then continues. */
  static void onEveryAnswer(RoutingContext ctx) {
    ctx.addHeadersEndHandler(ignored -> apply(ctx.response().headers()));
    ctx.next();
  }

  static void apply(MultiMap headers) {
    headers.set("X-Content-Type-Options", "nosniff");
    String type = headers.get(HttpHeaders.CONTENT_TYPE);
    boolean page = type != null && type.toLowerCase(Locale.ROOT).startsWith("text/html");
    if (!headers.contains("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", page ? PAGE_POLICY : NOTHING_POLICY);
    }
    headers.set("X-Frame-Options", "DENY");
  }
}
