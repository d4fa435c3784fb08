package org.walletstate.application.port.out;

import java.time.Duration;
import java.util.Locale;
import org.walletstate.domain.chain.ChainId;

/**
 * Told of every call a chain reader makes to its upstream (an EVM head or read batch, a non-EVM
 * JSON-RPC or REST exchange), after its retries: how it ended, how long it took in all and which
 * provider it ended on; and of each attempt on one provider (a round trip) as it starts and ends.
 * The service counts these for operators and traces them; a reader works the same without one
 * ({@link #NONE}).
 *
 * <p>A provider is named by host and port only ({@code rpc.example.org:443}): provider URLs often
 * carry API keys in their paths or queries, and the name goes into meters, traces and status.
 */
@FunctionalInterface
public interface ChainCallObserver {

  /** How one call ended. */
  enum Outcome {
    /** Answered at the first try. */
    OK,
    /** Answered after a retry on the endpoint it started on (the chain has one endpoint). */
    RETRIED,
    /** Answered by another endpoint than the one it started on. */
    FAILED_OVER,
    /** Not answered: the attempts were spent or the deadline left no time. */
    FAILED;

    /** The outcome as operators read it: {@code ok}, {@code retried}, … */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The outcome of a call that took {@code attempts} tries, started on endpoint {@code first} and
     * ended on {@code last}.
     */
    public static Outcome of(boolean answered, int attempts, int first, int last) {
      if (!answered) {
        return FAILED;
      }
      if (attempts <= 1) {
        return OK;
      }
      return first == last ? RETRIED : FAILED_OVER;
    }
  }

  /**
   * One call ended, after its retries.
   *
   * @param provider the host and port of the endpoint it ended on (answered by, or failed last)
   */
  void called(ChainId chain, Outcome outcome, Duration elapsed, String provider);

  /**
   * One attempt of a call on one provider (a single round trip) starts now; the returned handle is
   * told when it ends. The reader calls this on the thread that starts the attempt.
   *
   * @param operation what is asked, from a fixed list ({@code head}, {@code read}, {@code
   *     exchange})
   */
  default RoundTrip roundTrip(ChainId chain, String provider, String operation) {
    return RoundTrip.NONE;
  }

  /**
   * {@code task}, made to run in the context of the thread that calls this (the request being
   * traced, when tracing is on). A reader passes every task that continues a call on another thread
   * (its executors' tasks, a retry after a pause) through it, so the round trips of one observation
   * stay in one trace.
   */
  default Runnable carry(Runnable task) {
    return task;
  }

  /**
   * A quorum read of {@code chain} was refused because its providers disagreed (on the anchor
   * block, on a value read there, or because one lagged); told once per provider taking part in the
   * disagreement.
   *
   * @param provider the provider's configured name (never a URL)
   */
  default void disagreed(ChainId chain, String provider) {}

  /** One round trip under way. */
  @FunctionalInterface
  interface RoundTrip {

    /**
     * The round trip ended.
     *
     * @param failure why it failed (for operators; names providers by host and port only), or
     *     {@code null} when it was answered
     */
    void ended(String failure);

    /** Observes nothing. */
    RoundTrip NONE = failure -> {};
  }

  /** Observes nothing. */
  ChainCallObserver NONE = (chain, outcome, elapsed, provider) -> {};
}
