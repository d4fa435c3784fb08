package org.walletstate.adapters.http.observability;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.jboss.logging.MDC;
import org.walletstate.application.port.out.Entropy;

/**
 * Gives every request an id, first of all handlers: the caller's {@code X-Request-Id} when it is a
 * plain token (a proxy's or a client's id, so logs join up across systems), a fresh random one
 * otherwise. It is in the log's MDC as {@code requestId} for every line written while the request
 * is handled, and is sent back in {@code X-Request-Id}.
 */
@ApplicationScoped
public class RequestIds {

  public static final String HEADER = "X-Request-Id";
  public static final String MDC_KEY = "requestId";

  /** What a caller's id may be: short, and nothing a log reader could mistake for structure. */
  private static final Pattern ACCEPTED = Pattern.compile("[A-Za-z0-9._:-]{8,64}");

  private final Entropy entropy;

  @Inject
  public RequestIds(Entropy entropy) {
    this.entropy = entropy;
  }

  // before the edge's own handlers (default priority), so their log lines carry the id too
  void install(@Observes @Priority(1) Router router) {
    router.route().order(Integer.MIN_VALUE).handler(this::assign);
  }

  private void assign(RoutingContext ctx) {
    String offered = ctx.request().getHeader(HEADER);
    String id =
        offered != null && ACCEPTED.matcher(offered).matches()
            ? offered
            : HexFormat.of().formatHex(entropy.bytes(8));
    MDC.put(MDC_KEY, id);
    ctx.put(MDC_KEY, id);
    ctx.response().putHeader(HEADER, id);
    ctx.addEndHandler(ended -> MDC.remove(MDC_KEY));
    ctx.next();
  }
}
