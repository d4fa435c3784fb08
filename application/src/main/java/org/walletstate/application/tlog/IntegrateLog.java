package org.walletstate.application.tlog;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.Objects;
import org.walletstate.application.jobs.Batches;
import org.walletstate.application.port.out.CheckpointSigner;
import org.walletstate.application.port.out.LogStore;
import org.walletstate.domain.tlog.Checkpoint;
import org.walletstate.domain.tlog.TreeAppend;

/**
 * Integrates the appended entries into the tree, a batch at a time, and signs a checkpoint after
 * each batch. Run on a timer by every replica: the store lets one at a time, so the replicas keep
 * one log. A run takes batches until one is not full, at most {@code batches} of them.
 */
public final class IntegrateLog {

  private final LogStore store;
  private final CheckpointSigner signer;
  private final Clock clock;
  private final int batchSize;
  private final int batches;

  public IntegrateLog(
      LogStore store, CheckpointSigner signer, Clock clock, int batchSize, int batches) {
    this.store = Objects.requireNonNull(store, "store");
    this.signer = Objects.requireNonNull(signer, "signer");
    this.clock = Objects.requireNonNull(clock, "clock");
    Batches.requireBounds(batchSize, batches);
    this.batchSize = batchSize;
    this.batches = batches;
  }

  /** The entries integrated by this run: batches until one is not full, at most {@code batches}. */
  public Uni<Integer> runOnce() {
    return Batches.drain(this::batch, batchSize, batches);
  }

  private Uni<Integer> batch(int limit) {
    return store.integrate(
        limit,
        (size, edge, leaves) -> {
          TreeAppend.Appended appended = TreeAppend.append(size, edge, leaves);
          Checkpoint checkpoint =
              new Checkpoint(signer.origin(), appended.size(), appended.root(), clock.instant());
          return new LogStore.Sealed(
              appended.nodes(), appended.size(), appended.root(), signer.sign(checkpoint));
        });
  }
}
