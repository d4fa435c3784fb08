package org.walletstate.devnet;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How to start a devnet.
 *
 * @param chainIds the chains to run, a subset of 1, 8453 and 10
 * @param startTimeout how long to wait for every chain to be deployed
 * @param directory the devnet npm project; empty to locate it (see {@link Devnet#locateDirectory})
 */
public record DevnetOptions(List<Long> chainIds, Duration startTimeout, Optional<Path> directory) {

  public static final List<Long> ALL_CHAINS = List.of(1L, 8453L, 10L);

  public DevnetOptions {
    chainIds = List.copyOf(chainIds);
    if (chainIds.isEmpty() || !ALL_CHAINS.containsAll(chainIds)) {
      throw new IllegalArgumentException(
          "chains must be a subset of " + ALL_CHAINS + ": " + chainIds);
    }
    if (startTimeout.isNegative() || startTimeout.isZero()) {
      throw new IllegalArgumentException("start timeout must be positive: " + startTimeout);
    }
  }

  /** All three chains, three minutes to start, directory located from the working directory. */
  public static DevnetOptions defaults() {
    return new DevnetOptions(ALL_CHAINS, Duration.ofMinutes(3), Optional.empty());
  }

  public DevnetOptions withChains(Long... ids) {
    return new DevnetOptions(List.of(ids), startTimeout, directory);
  }

  public DevnetOptions withStartTimeout(Duration timeout) {
    return new DevnetOptions(chainIds, timeout, directory);
  }

  public DevnetOptions withDirectory(Path dir) {
    return new DevnetOptions(chainIds, startTimeout, Optional.of(dir));
  }
}
