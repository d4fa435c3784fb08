package org.walletstate.adapters.chain.evm.retry;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.walletstate.adapters.chain.PreferredEndpoint;
import org.walletstate.adapters.chain.evm.BlockHead;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.evm.EvmRpc;
import org.walletstate.adapters.chain.evm.HeadOutcome;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;

/**
 * Retries what failed, with backoff, moving to the next endpoint on each retry. Only failed
 * requests are retried: answers and reverts of an attempt are kept. Every failure is retried (a
 * rate limit, a node behind the pinned block, a broken answer may all pass on another try or
 * endpoint) until the attempts are spent or the deadline leaves no time for another try; then the
 * last failure is reported.
 *
 * <p>A chain starts each request at the endpoint that last answered in full. After a failover it
 * stays on the new endpoint for {@code failback}, then tries its first endpoint again.
 */
public final class RetryingEvmRpc implements EvmRpc {

  private static final System.Logger LOG = System.getLogger(RetryingEvmRpc.class.getName());

  /** One call across its tries: when it started and on which endpoint, for the observer. */
  private record Call(long startNanos, int first) {}

  private final List<EvmRpc> endpoints;
  private final int attempts;
  private final Backoff backoff;
  private final ScheduledExecutorService timer;
  private final PreferredEndpoint preferred;
  private final ChainId chain;
  private final ChainCallObserver observer;

  /** Without an observer; the same parameters as the full constructor's, by design. */
  public RetryingEvmRpc(
      List<? extends EvmRpc> endpoints,
      int attempts,
      Backoff backoff,
      Duration failback,
      Clock clock,
      ScheduledExecutorService timer) {
    this(null, ChainCallObserver.NONE, endpoints, attempts, backoff, failback, clock, timer);
  }

  /**
   * @param chain the chain read, as the observer is told
   * @param observer told how each head or read call ended and how long it took
   * @param endpoints one client per endpoint, in priority order
   * @param attempts tries per request in all, first included
   * @param failback how long to stay on an endpoint failed over to
   * @param timer runs the pauses between tries
   */
  public RetryingEvmRpc(
      ChainId chain,
      ChainCallObserver observer,
      List<? extends EvmRpc> endpoints,
      int attempts,
      Backoff backoff,
      Duration failback,
      Clock clock,
      ScheduledExecutorService timer) {
    this.endpoints = List.copyOf(endpoints);
    if (this.endpoints.isEmpty()) {
      throw new IllegalArgumentException("at least one endpoint is needed");
    }
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be positive: " + attempts);
    }
    this.attempts = attempts;
    this.backoff = Objects.requireNonNull(backoff, "backoff");
    this.preferred = new PreferredEndpoint(failback, clock);
    this.timer = Objects.requireNonNull(timer, "timer");
    this.chain = chain;
    this.observer = Objects.requireNonNull(observer, "observer");
  }

  @Override
  public Uni<HeadOutcome> head(AnchorTag tag, Deadline deadline) {
    return Uni.createFrom()
        .deferred(() -> headAttempt(1, -1, start(), rpc -> rpc.head(tag, deadline), deadline));
  }

  @Override
  public Uni<HeadOutcome> block(BigInteger number, Deadline deadline) {
    return Uni.createFrom()
        .deferred(() -> headAttempt(1, -1, start(), rpc -> rpc.block(number, deadline), deadline));
  }

  @Override
  public Uni<Map<EvmRequest, ReadOutcome>> read(
      BlockHead block, Set<EvmRequest> requests, Deadline deadline) {
    if (requests.isEmpty()) {
      return Uni.createFrom().item(Map.of());
    }
    return Uni.createFrom()
        .deferred(
            () ->
                readAttempt(
                    1, -1, start(), block, Set.copyOf(requests), new LinkedHashMap<>(), deadline));
  }

  private Uni<HeadOutcome> headAttempt(
      int attempt, int at, Call call, Function<EvmRpc, Uni<HeadOutcome>> ask, Deadline deadline) {
    int endpoint = at < 0 ? call.first() : at; // -1: the call's first endpoint
    EvmRpc target = endpoints.get(endpoint);
    ChainCallObserver.RoundTrip trip = observer.roundTrip(chain, target.provider(), "head");
    return ask.apply(target)
        .invoke(outcome -> trip.ended(outcome instanceof HeadOutcome.Failed f ? f.detail() : null))
        .flatMap(
            outcome -> {
              if (outcome instanceof HeadOutcome.Read) {
                answeredBy(endpoint);
                ended(call, true, attempt, endpoint);
                return Uni.createFrom().item(outcome);
              }
              String detail = ((HeadOutcome.Failed) outcome).detail();
              Optional<Duration> pause = pauseBeforeRetry(attempt, deadline);
              if (pause.isEmpty()) {
                ended(call, false, attempt, endpoint);
                return Uni.createFrom()
                    .<HeadOutcome>item(new HeadOutcome.Failed(gaveUp(detail, attempt)));
              }
              retrying(attempt, endpoint, pause.get(), detail);
              return after(pause.get())
                  .flatMap(
                      ignored -> headAttempt(attempt + 1, next(endpoint), call, ask, deadline));
            });
  }

  private Uni<Map<EvmRequest, ReadOutcome>> readAttempt(
      int attempt,
      int at,
      Call call,
      BlockHead block,
      Set<EvmRequest> pending,
      Map<EvmRequest, ReadOutcome> done,
      Deadline deadline) {
    int endpoint = at < 0 ? call.first() : at; // -1: the call's first endpoint
    EvmRpc target = endpoints.get(endpoint);
    ChainCallObserver.RoundTrip trip = observer.roundTrip(chain, target.provider(), "read");
    return target
        .read(block, pending, deadline)
        .flatMap(
            outcomes -> {
              Map<EvmRequest, ReadOutcome.Failed> failed =
                  PartialReads.keepAnswers(pending, outcomes, done);
              trip.ended(failed.isEmpty() ? null : failed.values().iterator().next().detail());
              if (failed.isEmpty()) {
                answeredBy(endpoint);
                ended(call, true, attempt, endpoint);
                return Uni.createFrom().item(done);
              }
              // e.g. an answer over the size bound is not retried: every node holds the same state
              Optional<Duration> pause =
                  PartialReads.retryable(failed)
                      ? pauseBeforeRetry(attempt, deadline)
                      : Optional.empty();
              if (pause.isEmpty()) {
                ended(call, false, attempt, endpoint);
                failed.forEach(
                    (request, f) -> done.put(request, f.withDetail(gaveUp(f.detail(), attempt))));
                return Uni.createFrom().item(done);
              }
              retrying(attempt, endpoint, pause.get(), PartialReads.describe(failed, pending));
              return after(pause.get())
                  .flatMap(
                      ignored ->
                          readAttempt(
                              attempt + 1,
                              next(endpoint),
                              call,
                              block,
                              failed.keySet(),
                              done,
                              deadline));
            });
  }

  /** The pause before another try, or none when the attempts are spent or time is too short. */
  private Optional<Duration> pauseBeforeRetry(int attempt, Deadline deadline) {
    if (attempt >= attempts) {
      return Optional.empty();
    }
    Duration pause = backoff.before(attempt);
    return deadline.remaining().compareTo(pause) > 0 ? Optional.of(pause) : Optional.empty();
  }

  private void retrying(int attempt, int endpoint, Duration pause, String detail) {
    LOG.log(
        System.Logger.Level.DEBUG,
        () ->
            String.format(
                "attempt %d on %s failed (%s); next on %s in %d ms",
                attempt,
                endpoints.get(endpoint),
                detail,
                endpoints.get(next(endpoint)),
                pause.toMillis()));
  }

  private String gaveUp(String detail, int attempt) {
    String why = attempt >= attempts ? "attempts spent" : "deadline too close for another try";
    // the endpoint's own failure detail starts with its host and port
    return detail + " (gave up after " + attempt + " of " + attempts + " attempts: " + why + ")";
  }

  /** Completes after {@code pause}, continuing in the waiting call's context (its trace). */
  private Uni<Void> after(Duration pause) {
    return Uni.createFrom()
        .emitter(
            done ->
                timer.schedule(
                    observer.carry(() -> done.complete(null)),
                    pause.toNanos(),
                    TimeUnit.NANOSECONDS));
  }

  private Call start() {
    return new Call(System.nanoTime(), preferred.first());
  }

  private void ended(Call call, boolean answered, int attempts, int last) {
    observer.called(
        chain,
        ChainCallObserver.Outcome.of(answered, attempts, call.first(), last),
        Duration.ofNanos(System.nanoTime() - call.startNanos()),
        endpoints.get(last).provider());
  }

  private int next(int endpoint) {
    return (endpoint + 1) % endpoints.size();
  }

  private void answeredBy(int endpoint) {
    preferred
        .answeredBy(endpoint)
        .ifPresent(
            previous ->
                LOG.log(
                    System.Logger.Level.INFO,
                    () ->
                        "reading from "
                            + endpoints.get(endpoint)
                            + " instead of "
                            + endpoints.get(previous)
                            + (endpoint == 0
                                ? " (back to the first endpoint)"
                                : " (failed over)")));
  }

  @Override
  public String toString() {
    return "RetryingEvmRpc" + endpoints;
  }
}
