package org.walletstate.adapters.http.attest;

import com.fasterxml.jackson.databind.util.RawValue;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.idempotency.Idempotent;
import org.walletstate.application.attest.watch.port.in.SubscribeOutcome;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.application.attest.watch.port.in.WatchCommands;
import org.walletstate.application.attest.watch.port.in.WatchDelivery;
import org.walletstate.application.attest.watch.port.in.WatchesUseCase;
import org.walletstate.domain.payload.Timestamps;

/**
 * {@code /v1/watches}: an attest request kept alive, its changes pushed to a webhook
 * (docs/watches.md). The key's own watches only: another key's watch is 404.
 */
@Path("/v1/watches")
@Tag(name = "core")
public class WatchesResource {

  // Injected field by field like every resource by design: the use case, the clock and the edge.
  private final WatchesUseCase watches;
  private final Clock clock;
  private final Exchange edge;

  @Inject
  public WatchesResource(WatchesUseCase watches, Clock clock, Exchange edge) {
    this.watches = watches;
    this.clock = clock;
    this.edge = edge;
  }

  @POST
  @RequiresKey
  @Idempotent(revealsSecret = true)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Watch conditions: the first signed attestation now, a new one pushed to the webhook"
              + " whenever the verdict changes; the webhook secret is shown once")
  public Uni<Response> subscribe(byte[] body) {
    WatchCommand command =
        WatchCommands.parse(
            edge.body(body), new String(body, StandardCharsets.UTF_8), edge.account().version());
    return watches.subscribe(edge.account(), command).map(this::subscribed);
  }

  @GET
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The calling key's watches, newest first")
  public Uni<Response> list() {
    return watches
        .watches(edge.account())
        .map(all -> listed("watches", all.stream().map(this::view).toList()));
  }

  // A key's read declared like the other GETs of one record by design: its own route and use case.
  @GET
  @Path("/{id}")
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "One of the calling key's watches; anyone else's is 404")
  public Uni<Response> get(@PathParam("id") String id) {
    return watches
        .watch(edge.account(), id)
        .map(found -> edge.ok(view(found.orElseThrow(() -> notFound(id)))));
  }

  @GET
  @Path("/{id}/deliveries")
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "The newest 100 deliveries of one of the calling key's watches, newest first")
  public Uni<Response> deliveries(@PathParam("id") String id) {
    return watches
        .deliveries(edge.account(), id)
        .map(
            found -> {
              List<WatchDelivery> all = found.orElseThrow(() -> notFound(id));
              return listed("deliveries", all.stream().map(WatchesResource::delivery).toList());
            });
  }

  /** A list answered as {@code {"<name>": [...], "count": n}}. */
  private Response listed(String name, List<?> items) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put(name, items);
    data.put("count", items.size());
    return edge.ok(data);
  }

  // declared as get by design: one watch's route, another method and use case
  @DELETE
  @Path("/{id}")
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Stop and forget one of the calling key's watches; anyone else's is 404")
  public Uni<Response> delete(@PathParam("id") String id) {
    return watches
        .delete(edge.account(), id)
        .map(
            deleted -> {
              if (!deleted) {
                throw notFound(id);
              }
              return edge.ok(Map.of("id", id, "deleted", true));
            });
  }

  private Response subscribed(SubscribeOutcome outcome) {
    if (outcome instanceof SubscribeOutcome.Subscribed s) {
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("watch", view(s.watch()));
      data.put("webhookSecret", s.webhookSecret());
      data.put("attestation", new RawValue(s.first().dataJson()));
      return edge.envelopes()
          .okMetered(data, s.first().creditsRemaining(), s.first().creditsCharged());
    }
    if (outcome instanceof SubscribeOutcome.RefusedTarget refused) {
      return edge.envelopes().error(ApiError.badRequest(refused.message()));
    }
    if (outcome instanceof SubscribeOutcome.TooMany tooMany) {
      return edge.envelopes()
          .error(
              new ApiError(
                  409,
                  "This key has "
                      + tooMany.limit()
                      + " watches, as many as a key may have. Delete one with DELETE"
                      + " /v1/watches/{id}."));
    }
    return AttestResource.respond(
        edge.envelopes(), ((SubscribeOutcome.NotAttested) outcome).outcome());
  }

  private Map<String, Object> view(Watch w) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("id", w.id());
    v.put("webhookUrl", w.webhookUrl().toString());
    v.put("deliver", w.deliverOn().wireName());
    v.put("status", w.statusAt(clock.instant()).wireName());
    if (!w.statusDetail().isEmpty()) {
      v.put("statusDetail", w.statusDetail());
    }
    v.put("pass", w.pass());
    v.put("met", List.copyOf(w.met()));
    v.put("lastAttestationId", w.attestationId());
    v.put("createdAt", Timestamps.iso(w.createdAt()));
    v.put("expiresAt", Timestamps.iso(w.expiresAt()));
    return v;
  }

  private static Map<String, Object> delivery(WatchDelivery d) {
    // The members written out by design: one per member, in the order they are answered.
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("id", d.id());
    v.put("seq", d.seq());
    v.put("attestationId", d.attestationId());
    v.put("status", d.status());
    v.put("attempts", d.attempts());
    v.put("createdAt", Timestamps.iso(d.createdAt()));
    d.lastAttemptAt().ifPresent(at -> v.put("lastAttemptAt", Timestamps.iso(at)));
    if (!d.lastOutcome().isEmpty()) {
      v.put("lastOutcome", d.lastOutcome());
    }
    d.deliveredAt().ifPresent(at -> v.put("deliveredAt", Timestamps.iso(at)));
    return v;
  }

  private static ApiError notFound(String id) {
    String shown = id.length() > 50 ? id.substring(0, 50) + "…" : id;
    return new ApiError(404, "Watch not found: " + shown);
  }
}
