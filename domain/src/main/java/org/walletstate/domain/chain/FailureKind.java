package org.walletstate.domain.chain;

/**
 * What kind of failure ended a read, as far as trying again is concerned. The retry and failover
 * policies of the chain adapters decide on this kind, never on a failure's wording (which is for
 * operators' logs only).
 */
public enum FailureKind {

  /**
   * The read did not complete on this endpoint: transport error, timeout, rate limit, an error
   * answer or one that cannot be read. Another try, or another endpoint, may answer.
   */
  TRANSIENT,

  /**
   * The node's answer was over the service's bound on an answer's size. Every node holds the same
   * state at the pinned block, so no other try would answer within the bound.
   */
  TOO_LARGE;

  /** Whether another try, on this endpoint or the next, may give an answer. */
  public boolean retryable() {
    return switch (this) {
      case TRANSIENT -> true;
      case TOO_LARGE -> false;
    };
  }
}
