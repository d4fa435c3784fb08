package org.walletstate.application.jobs;

import io.smallrye.mutiny.Uni;
import java.util.function.IntFunction;

/**
 * Runs a batch job's deletes one batch at a time: the next batch starts only when the last one was
 * full, and a run stops after {@code batches} of them, so one run's work is bounded and what is
 * left waits for the next run.
 */
public final class Batches {

  private Batches() {}

  /**
   * @param batch one batch of at most the given size; the count of rows it handled
   * @param batchSize the most rows one batch handles (at least 1)
   * @param batches the most batches one run makes (at least 1)
   * @return the rows handled by the whole run
   */
  public static Uni<Integer> drain(IntFunction<Uni<Integer>> batch, int batchSize, int batches) {
    requireBounds(batchSize, batches);
    return next(batch, batchSize, batches, 1, 0);
  }

  /**
   * The bounds of a batch job's run, checked where the job is built: a run of no batch, or of
   * batches of no row, would never do any work.
   *
   * @throws IllegalArgumentException when {@code batchSize} or {@code batches} is below 1
   */
  public static void requireBounds(int batchSize, int batches) {
    if (batchSize < 1 || batches < 1) {
      throw new IllegalArgumentException("batchSize and batches must be at least 1");
    }
  }

  private static Uni<Integer> next(
      IntFunction<Uni<Integer>> batch, int batchSize, int batches, int number, int sofar) {
    return batch
        .apply(batchSize)
        .flatMap(
            handled -> {
              int total = sofar + handled;
              if (handled < batchSize || number >= batches) {
                return Uni.createFrom().item(total);
              }
              return next(batch, batchSize, batches, number + 1, total);
            });
  }
}
