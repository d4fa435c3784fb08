package org.walletstate.bench.load;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.walletstate.devnet.Devnet;

/** Polls each chain's block number every 20 ms and keeps when each block was first seen. */
final class HeadWatch implements AutoCloseable {

  private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(3);
  private final Map<Long, Map<Long, Long>> seen = new ConcurrentHashMap<>();
  private final Map<Long, Long> latest = new ConcurrentHashMap<>();

  static HeadWatch start(Devnet devnet, List<Long> chains) {
    HeadWatch watch = new HeadWatch();
    for (long chain : chains) {
      watch.seen.put(chain, new ConcurrentHashMap<>());
      watch.timer.scheduleWithFixedDelay(
          () -> {
            try {
              long block = devnet.rpc(chain).blockNumber();
              long now = System.nanoTime();
              watch.seen.get(chain).putIfAbsent(block, now);
              watch.latest.merge(chain, block, Math::max);
            } catch (RuntimeException e) {
              // the next poll tries again
            }
          },
          0,
          20,
          TimeUnit.MILLISECONDS);
    }
    return watch;
  }

  /** The highest block seen on {@code chain}. */
  long latest(long chain) {
    return latest.getOrDefault(chain, 0L);
  }

  /** When {@code block} of {@code chain} was first seen (nanoTime), or null. */
  Long seenAt(long chain, long block) {
    return seen.get(chain).get(block);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
