package org.walletstate.adapters.http.jobs;

import io.smallrye.mutiny.Uni;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.jboss.logging.Logger;
import org.walletstate.application.port.out.ChainHeads;
import org.walletstate.domain.chain.ChainId;

/**
 * A job run by new heads rather than a timer: listens to the chain readers' followed heads ({@link
 * ChainHeads}) and, for each new head, runs the use case for that chain on {@code worker} (never on
 * the reader's threads or an event loop). One run per chain at a time: a head that arrives during a
 * run starts one more run after it (heads that arrive meanwhile are that one run). {@link
 * BackgroundJobs} starts it with the service. As {@link PeriodicRun}, a positive count is logged at
 * DEBUG and a failed run by its exception's class only.
 */
public final class HeadRuns {

  private final Logger log;
  private final String done;
  private final String failed;
  private final ChainHeads heads;
  private final Executor worker;
  private final Function<ChainId, Uni<Integer>> run;
  // per chain: 0 idle, 1 running, 2 running with a head waiting
  private final Map<ChainId, AtomicInteger> state = new ConcurrentHashMap<>();
  private volatile boolean started;

  /**
   * @param done what a positive count is, a format with one {@code %d}
   * @param failed what did not happen when a run fails
   * @param run one run for a chain; its count of rows handled
   */
  public HeadRuns(
      Logger log,
      String done,
      String failed,
      ChainHeads heads,
      Executor worker,
      Function<ChainId, Uni<Integer>> run) {
    this.log = log;
    this.done = done;
    this.failed = failed;
    this.heads = heads;
    this.worker = worker;
    this.run = run;
  }

  /** Starts listening (once). */
  public synchronized void start() {
    if (!started) {
      started = true;
      heads.listen((chain, block) -> newHead(chain));
    }
  }

  /** Stops running at new heads (the readers stop following with the service). */
  public void stop() {
    started = false;
  }

  private void newHead(ChainId chain) {
    if (!started) {
      return;
    }
    AtomicInteger s = state.computeIfAbsent(chain, c -> new AtomicInteger());
    if (s.getAndUpdate(v -> Math.min(v + 1, 2)) == 0) {
      worker.execute(() -> runFor(chain, s));
    }
  }

  private void runFor(ChainId chain, AtomicInteger s) {
    Uni<Integer> one;
    try {
      one = run.apply(chain);
    } catch (RuntimeException e) {
      one = Uni.createFrom().failure(e);
    }
    one.subscribe()
        .with(
            count -> {
              if (count != null && count > 0) {
                log.debugf(done, count);
              }
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
