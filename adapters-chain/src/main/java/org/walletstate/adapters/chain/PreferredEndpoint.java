package org.walletstate.adapters.chain;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Which of a chain's endpoints, in priority order, a request starts at: the one that last answered.
 * After a failover the chain stays on the new endpoint for {@code failback}, then tries its first
 * endpoint again. The web3j EVM stack and the JSON-RPC stack both keep their endpoint this way;
 * each says in its own log line when the endpoint changes.
 */
public final class PreferredEndpoint {

  private record Preferred(int endpoint, Instant since) {}

  private final Duration failback;
  private final Clock clock;
  private final AtomicReference<Preferred> preferred;

  /** Starting at the first endpoint. */
  public PreferredEndpoint(Duration failback, Clock clock) {
    this.failback = Objects.requireNonNull(failback, "failback");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.preferred = new AtomicReference<>(new Preferred(0, clock.instant()));
  }

  /** The index of the endpoint a request starts at. */
  public int first() {
    Preferred current = preferred.get();
    if (current.endpoint() != 0 && !clock.instant().isBefore(current.since().plus(failback))) {
      return 0;
    }
    return current.endpoint();
  }

  /**
   * Keeps {@code endpoint}, which just answered in full.
   *
   * @return the endpoint it took over from, when this call changed the preferred one; empty when it
   *     already was the preferred one (or another answer changed it at the same time)
   */
  public OptionalInt answeredBy(int endpoint) {
    Preferred current = preferred.get();
    if (current.endpoint() != endpoint
        && preferred.compareAndSet(current, new Preferred(endpoint, clock.instant()))) {
      return OptionalInt.of(current.endpoint());
    }
    return OptionalInt.empty();
  }
}
