package org.walletstate.devnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link Devnet#mineEvery}: heads move without transactions; intervals anvil cannot keep are
 * refused.
 */
@ExtendWith(DevnetExtension.class)
class IntervalMiningTest {

  /** Far above the 1 s interval; only bounds how long a broken option would make the test hang. */
  private static final Duration PATIENCE = Duration.ofSeconds(60);

  @Test
  void everyChainMinesWithoutTransactions(Devnet devnet) throws Exception {
    Map<Long, Long> before = new LinkedHashMap<>();
    devnet.manifest().chains().keySet().forEach(id -> before.put(id, devnet.rpc(id).blockNumber()));
    devnet.mineEvery(Duration.ofSeconds(1));
    try {
      Instant giveUp = Instant.now().plus(PATIENCE);
      for (Map.Entry<Long, Long> chain : before.entrySet()) {
        while (devnet.rpc(chain.getKey()).blockNumber() <= chain.getValue()
            && Instant.now().isBefore(giveUp)) {
          Thread.sleep(200);
        }
        assertThat(devnet.rpc(chain.getKey()).blockNumber())
            .as("chain %d mined without a transaction", chain.getKey())
            .isGreaterThan(chain.getValue());
      }
    } finally {
      devnet.mineEvery(Duration.ZERO);
    }
  }

  @Test
  void anIntervalAnvilCannotKeepIsRefused(Devnet devnet) {
    assertThatThrownBy(() -> devnet.mineEvery(Duration.ofMillis(1500)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("whole-second");
    assertThatThrownBy(() -> devnet.mineEvery(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
