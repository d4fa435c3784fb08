package org.walletstate.adapters.http.edge;

import io.vertx.core.MultiMap;
import io.vertx.ext.web.RoutingContext;
import org.walletstate.adapters.http.envelope.Envelopes;

/**
 * Every 429 and 503 carries {@code Retry-After}. The places that answer them set the delay they
 * know (the end of a rate-limit window, a lockout, the settlement queue); an answer that leaves the
 * service without one (a 503 of a component that knows no delay) gets the default here when its
 * headers are written: {@value #UNAVAILABLE_SECONDS} seconds for a 503, the same as an {@code
 * rpc_failure}, and {@value #LIMITED_SECONDS} for a 429.
 */
final class RetryAfter {

  static final int UNAVAILABLE_SECONDS = Envelopes.RPC_FAILURE_RETRY_SECONDS;
  static final int LIMITED_SECONDS = 60;

  private RetryAfter() {}

  /** A route handler: completes the answer's headers when they are written, then continues. */
  static void onEveryAnswer(RoutingContext ctx) {
    ctx.addHeadersEndHandler(
        ignored -> apply(ctx.response().getStatusCode(), ctx.response().headers()));
    ctx.next();
  }

  static void apply(int status, MultiMap headers) {
    if ((status == 429 || status == 503) && !headers.contains("Retry-After")) {
      headers.set(
          "Retry-After", Integer.toString(status == 503 ? UNAVAILABLE_SECONDS : LIMITED_SECONDS));
    }
  }
}
