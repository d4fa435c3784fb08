package org.walletstate.application.idempotency;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.Objects;
import org.walletstate.application.jobs.Batches;
import org.walletstate.application.port.out.IdempotentRequests;

/**
 * Forgets idempotency keys whose lifetime ended. One run forgets at most {@code batches ×
 * batchSize} rows, a batch at a time ({@link Batches}); what is left waits for the next run. Safe
 * to run at any time and from every replica at once (each batch takes rows no other holds).
 */
public final class PruneIdempotentRequests {

  private final IdempotentRequests requests;
  private final Clock clock;
  private final int batchSize;
  private final int batches;

  // Same constructor shape as PaidCallService's and PruneSignInNonces' by design: each is handed
  // only the ports it uses, and there is no logic to share.
  public PruneIdempotentRequests(
      IdempotentRequests requests, Clock clock, int batchSize, int batches) {
    this.requests = Objects.requireNonNull(requests, "requests");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.batchSize = batchSize;
    this.batches = batches;
  }

  /** The keys forgotten by this run. */
  public Uni<Integer> runOnce() {
    return Batches.drain(
        limit -> requests.forgetExpired(clock.instant(), limit), batchSize, batches);
  }
}
