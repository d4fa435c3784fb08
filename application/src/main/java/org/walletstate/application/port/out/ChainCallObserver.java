package org.walletstate.application.port.out;

import java.time.Duration;
import java.util.Locale;
import org.walletstate.domain.chain.ChainId;

/**
 * Told of every call a chain reader makes to its upstream (an EVM head or read batch, a non-EVM
 * JSON-RPC or REST exchange), after its retries: how it ended and how long it took in all. The
 * service counts these for operators; a reader works the same without one ({@link #NONE}).
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

  void called(ChainId chain, Outcome outcome, Duration elapsed);

  /** Observes nothing. */
  ChainCallObserver NONE = (chain, outcome, elapsed) -> {};
}
