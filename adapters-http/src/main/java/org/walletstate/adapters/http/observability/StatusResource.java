package org.walletstate.adapters.http.observability;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;

/**
 * {@code GET /v1/status}: what this replica last saw of each chain, for operators and status pages.
 * Public and cheap: the document is built at most once per {@link #FRESH_FOR} from the status board
 * (no chain is read for it) and may be cached as long. It names providers by host and port only.
 */
@Path("/v1/status")
@Tag(name = "core")
public class StatusResource {

  /** How long one document is served and may be cached. */
  static final Duration FRESH_FOR = Duration.ofSeconds(1);

  /** Above this share of failed calls in the window a chain that answered last is degraded. */
  static final double DEGRADED_ERROR_RATE = 0.2;

  private record Built(Instant at, String json) {}

  private final ChainStatusBoard board;
  private final Clock clock;
  private final ObjectMapper json = new ObjectMapper();
  private final AtomicReference<Built> last = new AtomicReference<>();

  // Injected field by field like every resource by design: the container hands each one in.
  @Inject
  public StatusResource(ChainStatusBoard board, Clock clock) {
    this.board = board;
    this.clock = clock;
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Per-chain status as this replica sees it: last good head, provider, errors")
  public Response status() {
    Instant now = clock.instant();
    Built built = last.get();
    if (built == null || !now.isBefore(built.at().plus(FRESH_FOR))) {
      built = new Built(now, document(now));
      last.set(built);
    }
    CacheControl cache = new CacheControl();
    cache.setMaxAge((int) FRESH_FOR.toSeconds());
    cache.setPrivate(false);
    return Response.ok(built.json(), MediaType.APPLICATION_JSON_TYPE).cacheControl(cache).build();
  }

  private String document(Instant now) {
    ObjectNode root = json.createObjectNode();
    root.put("generatedAt", now.toString());
    root.put("errorWindowSeconds", ChainStatusBoard.WINDOW.toSeconds());
    ArrayNode chains = root.putArray("chains");
    int failing = 0;
    for (Chain chain : ChainCatalogue.all()) {
      ObjectNode entry = chains.addObject();
      String state = describe(entry, chain, board.view(chain.id()), now);
      if (state.equals("failing")) {
        failing++;
      }
    }
    root.put("status", failing == 0 ? "ok" : "degraded");
    root.put("failingChains", failing);
    return root.toString();
  }

  /** Fills {@code entry} for one chain and returns its state. */
  private static String describe(
      ObjectNode entry, Chain chain, ChainStatusBoard.ChainView view, Instant now) {
    entry.put("chain", chain.id().toString());
    entry.put("name", chain.name());
    entry.put("family", chain.family().name().toLowerCase(Locale.ROOT));
    if (view == null) {
      entry.put("state", "unread");
      return "unread";
    }
    ChainStatusBoard.Head head = view.lastGoodHead();
    if (head == null) {
      entry.putNull("lastGoodHead");
    } else {
      ObjectNode h = entry.putObject("lastGoodHead");
      h.put("kind", head.kind());
      h.put("position", head.position());
      if (head.timestamp() != null) {
        h.put("timestamp", head.timestamp().toString());
      }
      h.put("observedAt", head.observedAt().toString());
      Instant since = head.timestamp() != null ? head.timestamp() : head.observedAt();
      h.put("ageSeconds", Math.max(0, Duration.between(since, now).toSeconds()));
    }
    entry.put("provider", view.provider());
    entry.put("lastCallAt", view.lastCallAt() == null ? null : view.lastCallAt().toString());
    entry.put("lastCallOutcome", view.lastOutcome());
    entry.put("calls", view.calls());
    entry.put("failedCalls", view.failed());
    double rate = view.calls() == 0 ? 0 : (double) view.failed() / view.calls();
    entry.put("errorRate", Math.round(rate * 1000) / 1000.0);
    String state;
    if (view.lastCallFailed()) {
      state = "failing";
    } else if (rate > DEGRADED_ERROR_RATE) {
      state = "degraded";
    } else {
      state = "ok";
    }
    entry.put("state", state);
    return state;
  }
}
