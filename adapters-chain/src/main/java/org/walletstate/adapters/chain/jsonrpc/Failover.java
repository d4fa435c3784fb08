package org.walletstate.adapters.chain.jsonrpc;

import static org.walletstate.adapters.chain.jsonrpc.JsonRpcTransport.hostAndPort;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.walletstate.adapters.chain.PreferredEndpoint;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.evm.retry.Backoff;
import org.walletstate.application.port.out.ChainCallObserver;

/**
 * The retry and failover policy of {@link JsonRpcTransport}: a failed attempt is retried with
 * backoff on the next endpoint until the attempts are spent or the deadline leaves no time; the
 * endpoint that last answered is kept, and the first one tried again after {@code failback}. The
 * observer is told how each exchange ended and how long it took.
 */
final class Failover {

  private static final System.Logger LOG = System.getLogger(JsonRpcTransport.class.getName());

  /** One attempt of an exchange on one endpoint. */
  @FunctionalInterface
  interface Attempt<T> {
    T on(URI endpoint) throws RpcFailure;
  }

  private final JsonRpcChainConfig config;
  private final Backoff backoff;
  private final PreferredEndpoint preferred;
  private final ChainCallObserver observer;

  Failover(
      JsonRpcChainConfig config, Clock clock, DoubleSupplier random, ChainCallObserver observer) {
    this.config = config;
    this.observer = observer;
    this.backoff = new Backoff(config.initialBackoff(), config.maxBackoff(), random);
    this.preferred = new PreferredEndpoint(config.failback(), clock);
  }

  /**
   * Runs {@code attempt} until it answers.
   *
   * @throws RpcFailure the last failure, once the attempts are spent or the deadline is too close
   */
  <T> T exchange(Deadline deadline, Attempt<T> attempt) throws RpcFailure {
    long start = System.nanoTime();
    int first = preferred.first();
    int endpoint = first;
    for (int tries = 1; ; tries++) {
      URI target = endpoints().get(endpoint);
      ChainCallObserver.RoundTrip trip =
          observer.roundTrip(config.chain(), hostAndPort(target), "exchange");
      try {
        T accepted = attempt.on(target);
        trip.ended(null);
        answeredBy(endpoint);
        ended(start, true, tries, first, endpoint);
        return accepted;
      } catch (RuntimeException unexpected) {
        trip.ended(unexpected.getClass().getSimpleName());
        throw unexpected;
      } catch (RpcFailure failure) {
        trip.ended(failure.getMessage());
        // e.g. an answer over the size bound is not retried: every node holds the same state
        boolean retryable = failure.kind().retryable();
        Duration pause = tries < config.attempts() && retryable ? backoff.before(tries) : null;
        if (pause == null || deadline.remaining().compareTo(pause) <= 0) {
          ended(start, false, tries, first, endpoint);
          String why =
              !retryable
                  ? "not retried"
                  : pause == null ? "attempts spent" : "deadline too close for another try";
          throw gaveUp(failure, tries, endpoint, why);
        }
        int next = (endpoint + 1) % endpoints().size();
        int tried = endpoint;
        LOG.log(
            System.Logger.Level.DEBUG,
            () ->
                config.chain()
                    + ": attempt on "
                    + hostAndPort(endpoints().get(tried))
                    + " failed ("
                    + failure.getMessage()
                    + "); next on "
                    + hostAndPort(endpoints().get(next))
                    + " in "
                    + pause.toMillis()
                    + " ms");
        sleep(pause);
        endpoint = next;
      }
    }
  }

  /** {@code failure} once no other try follows, of its kind, saying why. */
  private RpcFailure gaveUp(RpcFailure failure, int tries, int endpoint, String why) {
    return new RpcFailure(
        failure.kind(),
        failure.getMessage()
            + " (gave up after "
            + tries
            + " of "
            + config.attempts()
            + " attempts: "
            + why
            + "; last on "
            + hostAndPort(endpoints().get(endpoint))
            + ")");
  }

  private void ended(long start, boolean answered, int tries, int first, int last) {
    observer.called(
        config.chain(),
        ChainCallObserver.Outcome.of(answered, tries, first, last),
        Duration.ofNanos(System.nanoTime() - start),
        hostAndPort(endpoints().get(last)));
  }

  private List<URI> endpoints() {
    return config.endpoints();
  }

  private void sleep(Duration pause) throws RpcFailure {
    try {
      Thread.sleep(pause.toMillis(), pause.toNanosPart() % 1_000_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RpcFailure("interrupted");
    }
  }

  private void answeredBy(int endpoint) {
    // Logged as a failed attempt is, by design: each message names the chain and the endpoint.
    if (preferred.answeredBy(endpoint).isPresent()) {
      LOG.log(
          System.Logger.Level.INFO,
          () ->
              config.chain()
                  + ": reading from "
                  + hostAndPort(endpoints().get(endpoint))
                  + (endpoint == 0 ? " (back to the first endpoint)" : " (failed over)"));
    }
  }
}
