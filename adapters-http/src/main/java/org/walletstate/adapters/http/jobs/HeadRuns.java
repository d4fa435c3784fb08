package org.walletstate.adapters.http.jobs;

import io.smallrye.mutiny.Uni;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import org.jboss.logging.Logger;
import org.walletstate.application.port.out.ChainHeads;
import org.walletstate.domain.chain.ChainId;

/**
 * A job run by new heads rather than a timer: listens to the chain readers' followed heads ({@link
 * ChainHeads}) and, for each new head, runs the use case for that chain and block on {@code worker}
 * (never on the reader's threads or an event loop). One run per chain at a time: a head that
 * arrives during a run starts one more run after it, at the highest block heard by then (heads that
 * arrive meanwhile are that one run). {@link BackgroundJobs} starts it with the service. As {@link
 * PeriodicRun}, a positive count is logged at DEBUG and a failed run by its exception's class only.
 */
public final class HeadRuns {

  private final Logger log;
  private final String done;
  private final String failed;
  private final ChainHeads follower;
  private final Executor worker;
  private final BiFunction<ChainId, Long, Uni<Integer>> run;
  // per chain: 0 idle, 1 running, 2 running with a head waiting
  private final Map<ChainId, AtomicInteger> state = new ConcurrentHashMap<>();
  // per chain: the highest block heard
  private final Map<ChainId, AtomicLong> heads = new ConcurrentHashMap<>();
  private volatile boolean started;

  /**
   * @param done what a positive count is, a format with one {@code %d}
   * @param failed what did not happen when a run fails
   * @param run one run for a chain at a block; its count of rows handled
   */
  public HeadRuns(
      Logger log,
      String done,
      String failed,
      ChainHeads heads,
      Executor worker,
      BiFunction<ChainId, Long, Uni<Integer>> run) {
    this.log = log;
    this.done = done;
    this.failed = failed;
    this.follower = heads;
    this.worker = worker;
    this.run = run;
  }

  /** Starts listening (once). */
  public synchronized void start() {
    if (!started) {
      started = true;
      follower.listen(this::newHead);
    }
  }

  /** Stops running at new heads (the readers stop following with the service). */
  public void stop() {
    started = false;
  }

  private void newHead(ChainId chain, long block) {
    if (!started) {
      return;
    }
    heads.computeIfAbsent(chain, c -> new AtomicLong(-1)).accumulateAndGet(block, Math::max);
    AtomicInteger s = state.computeIfAbsent(chain, c -> new AtomicInteger());
    if (s.getAndUpdate(v -> Math.min(v + 1, 2)) == 0) {
      worker.execute(() -> runFor(chain, s));
    }
  }

  private void runFor(ChainId chain, AtomicInteger s) {
    long began = System.nanoTime();
    long head = heads.get(chain).get();
    Uni<Integer> one;
    try {
      one = run.apply(chain, head);
    } catch (RuntimeException e) {
      one = Uni.createFrom().failure(e);
    }
    one.subscribe()
        .with(
            count -> {
              if (count != null && count > 0) {
                log.debugf(done, count);
              }
              log.debugf(
                  "chain %s, head %d: run of %d ms",
                  chain, head, (System.nanoTime() - began) / 1_000_000);
              again(chain, s);
            },
            failure -> {
              log.warnf("%s: %s", failed, failure.getClass().getSimpleName());
              again(chain, s);
            });
  }

  private void again(ChainId chain, AtomicInteger s) {
    if (s.decrementAndGet() > 0) {
      worker.execute(() -> runFor(chain, s));
    }
  }
}
