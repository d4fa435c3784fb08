package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import org.walletstate.application.jobs.Batches;
import org.walletstate.application.port.out.UsedSignInNonces;
import org.walletstate.domain.siwe.SignInCheck;

/**
 * Forgets used sign-in nonces once their messages can no longer be accepted: those used more than
 * {@link SignInCheck#NONCE_RETENTION} ago. One run forgets at most {@code batches × batchSize}
 * rows, a batch at a time ({@link Batches}); what is left waits for the next run. Safe to run at
 * any time and from every replica at once.
 */
public final class PruneSignInNonces {

  private final UsedSignInNonces nonces;
  private final Clock clock;
  private final int batchSize;
  private final int batches;

  // Same constructor shape as IntegrateLog's and PruneIdempotentRequests' by design: each is handed
  // only the ports it uses, and there is no logic to share.
  public PruneSignInNonces(UsedSignInNonces nonces, Clock clock, int batchSize, int batches) {
    this.nonces = Objects.requireNonNull(nonces, "nonces");
    this.clock = Objects.requireNonNull(clock, "clock");
    Batches.requireBounds(batchSize, batches);
    this.batchSize = batchSize;
    this.batches = batches;
  }

  /** The nonces forgotten by this run. */
  public Uni<Integer> runOnce() {
    Instant cutoff = clock.instant().minus(SignInCheck.NONCE_RETENTION);
    return Batches.drain(limit -> nonces.forgetUsedBefore(cutoff, limit), batchSize, batches);
  }
}
