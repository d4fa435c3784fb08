package org.walletstate.adapters.chain.evm.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {

  private static final Duration INITIAL = Duration.ofMillis(200);
  private static final Duration MAX = Duration.ofSeconds(1);

  @Test
  void before_waitsHalfTheCeilingAtTheLowestJitterAndAlmostAllAtTheHighest() {
    assertThat(new Backoff(INITIAL, MAX, () -> 0.0).before(1)).isEqualTo(Duration.ofMillis(100));
    assertThat(new Backoff(INITIAL, MAX, () -> 0.5).before(1)).isEqualTo(Duration.ofMillis(150));
    assertThat(new Backoff(INITIAL, MAX, () -> 0.999).before(1))
        .isBetween(Duration.ofMillis(199), Duration.ofMillis(200));
  }

  @Test
  void before_doublesTheCeilingWithEachRetryUpToTheMaximum() {
    Backoff lowest = new Backoff(INITIAL, MAX, () -> 0.0);

    assertThat(lowest.before(2)).isEqualTo(Duration.ofMillis(200));
    assertThat(lowest.before(3)).isEqualTo(Duration.ofMillis(400));
    assertThat(lowest.before(4)).isEqualTo(Duration.ofMillis(500));
    assertThat(lowest.before(60)).isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void before_refusesARandomSourceOutsideTheUnitInterval() {
    assertThatThrownBy(() -> new Backoff(INITIAL, MAX, () -> 1.0).before(1))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void backoff_refusesAMaximumBelowTheInitialPause() {
    assertThatThrownBy(() -> new Backoff(MAX, INITIAL, () -> 0.0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
