package org.walletstate.adapters.http.idempotency;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.mutiny.core.Vertx;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import org.walletstate.adapters.http.auth.CurrentCaller;
import org.walletstate.adapters.http.body.EntityBytes;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.ratelimit.AddressLimits;
import org.walletstate.application.port.out.IdempotentRequests;
import org.walletstate.application.port.out.IdempotentRequests.Answer;
import org.walletstate.application.port.out.IdempotentRequests.Begin;

/**
 * {@code Idempotency-Key} on {@link Idempotent} endpoints, after the caller's credential was
 * checked: the key is claimed in the caller's scope ({@link IdempotencyScope}) with the request's
 * fingerprint ({@link Fingerprints}); a repeat of an answered request gets the stored answer byte
 * for byte with {@code Idempotent-Replayed: true}, a repeat while the first is under way 409, the
 * same key with another request 422. The first execution's answer is stored when it is worth
 * replaying ({@link #storable}), otherwise the key is released and a retry executes anew. The
 * answer stored is the bytes sent: the response filter serialises the entity itself and sends those
 * bytes.
 */
public class IdempotencyFilters {

  static final String REPLAYED = "Idempotent-Replayed";
  private static final String CLAIM = IdempotencyFilters.class.getName() + ".claim";
  private static final Logger LOG = Logger.getLogger(IdempotencyFilters.class);

  /** Answers a retry may change, so they are never stored: a credential, a payment, a limit. */
  private static final Set<Integer> TRANSIENT = Set.of(401, 402, 408, 409, 425, 429);

  private final IdempotentRequests requests;
  private final CurrentCaller caller;
  private final AddressLimits addresses;
  private final Envelopes envelopes;
  private final ObjectMapper json;
  private final Vertx vertx;
  private final Clock clock;
  private final Duration lifetime;
  private final Duration lease;

  /** The key this request holds, for the response filter. */
  record Claim(IdempotencyScope scope, String key, byte[] fingerprint, boolean revealsSecret) {}

  @Inject
  public IdempotencyFilters(
      IdempotentRequests requests,
      CurrentCaller caller,
      AddressLimits addresses,
      Envelopes envelopes,
      ObjectMapper json,
      Vertx vertx,
      Clock clock,
      @ConfigProperty(name = "walletstate.idempotency.lifetime", defaultValue = "24h")
          Duration lifetime,
      @ConfigProperty(name = "walletstate.idempotency.lease", defaultValue = "2m") Duration lease) {
    // Field by field by design: each collaborator and setting as the container hands it in.
    this.requests = requests;
    this.caller = caller;
    this.addresses = addresses;
    this.envelopes = envelopes;
    this.json = json;
    this.vertx = vertx;
    this.clock = clock;
    this.lifetime = lifetime;
    this.lease = lease;
  }

  // after the credential filters (priority USER), so the scope is the credential they accepted
  // readBody: runs once the REST layer has read the body (within the edge's limit) into memory
  @ServerRequestFilter(nonBlocking = true, readBody = true, priority = Priorities.USER + 100)
  @Idempotent
  public Uni<Response> begin(
      ContainerRequestContext request, ResourceInfo resource, HttpServerRequest http) {
    String key = IdempotencyKeys.of(request.getHeaders().get(IdempotencyKeys.HEADER));
    if (key == null) {
      return Uni.createFrom().nullItem();
    }
    IdempotencyScope scope = IdempotencyScope.of(caller, http, addresses);
    boolean secret = revealsSecret(resource);
    byte[] body = body(request);
    String method = request.getMethod();
    String target = http.uri();
    Instant now = clock.instant();
    return vertx
        .executeBlocking(
            Uni.createFrom().item(() -> Fingerprints.of(method, target, body))) // off the loop
        .flatMap(
            fingerprint ->
                requests
                    .begin(
                        scope.value(), key, fingerprint, now, now.plus(lease), now.plus(lifetime))
                    .map(
                        begun -> {
                          if (begun instanceof Begin.Started) {
                            request.setProperty(CLAIM, new Claim(scope, key, fingerprint, secret));
                            return null;
                          }
                          return answer(begun);
                        }));
  }

  /** The body as read, handed back to the endpoint unchanged. */
  private static byte[] body(ContainerRequestContext request) {
    try (InputStream in = request.getEntityStream()) {
      byte[] body = in == null ? new byte[0] : in.readAllBytes();
      request.setEntityStream(new ByteArrayInputStream(body));
      return body;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Response answer(Begin begun) {
    if (begun instanceof Begin.Stored stored) {
      Answer answer = stored.answer();
      Response.ResponseBuilder replay =
          Response.status(answer.status()).entity(answer.body()).header(REPLAYED, "true");
      if (answer.contentType() != null) {
        replay.type(answer.contentType());
      }
      return replay.build();
    }
    if (begun instanceof Begin.InFlight) {
      return envelopes.error(
          new ApiError(
              409,
              "A request with this Idempotency-Key is still being processed; retry after it"
                  + " completes to receive its answer"));
    }
    return envelopes.error(
        new ApiError(
            422,
            "This Idempotency-Key was already used with a different request (method, path or"
                + " body); use a new key for a new request"));
  }

  @ServerResponseFilter
  @Idempotent
  public Uni<Void> end(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(request.getProperty(CLAIM) instanceof Claim claim)) {
      return Uni.createFrom().voidItem();
    }
    request.removeProperty(CLAIM);
    int status = response.getStatus();
    if (!storable(status) || (claim.revealsSecret() && !claim.scope().credential())) {
      return requests
          .release(claim.scope().value(), claim.key(), claim.fingerprint())
          .onFailure()
          .invoke(f -> LOG.warnf("an idempotency key was not released: %s", f.getClass()))
          .onFailure()
          .recoverWithNull();
    }
    MediaType type = response.getMediaType();
    byte[] bytes = bytes(response.getEntity());
    response.setEntity(bytes, new Annotation[0], type);
    return requests
        .complete(
            claim.scope().value(),
            claim.key(),
            claim.fingerprint(),
            new Answer(status, type == null ? null : type.toString(), bytes))
        .onFailure()
        .invoke(f -> LOG.warnf("an idempotent answer was not stored: %s", f.getClass()))
        .onFailure()
        .recoverWithNull();
  }

  /**
   * Worth replaying: a success, or a refusal of the request itself (400, 403, 404, 413, 422, …).
   * Server errors (a 503 {@code rpc_failure} included) and {@link #TRANSIENT} refusals are not
   * stored: a retry with the same key executes anew.
   */
  static boolean storable(int status) {
    return (status >= 200 && status < 300)
        || (status >= 400 && status < 500 && !TRANSIENT.contains(status));
  }

  private byte[] bytes(Object entity) {
    return EntityBytes.of(entity, json);
  }

  private static boolean revealsSecret(ResourceInfo resource) {
    Idempotent marked = resource.getResourceMethod().getAnnotation(Idempotent.class);
    if (marked == null) {
      marked = resource.getResourceClass().getAnnotation(Idempotent.class);
    }
    return marked != null && marked.revealsSecret();
  }
}
