package org.walletstate.adapters.chain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.MovableClock;

class PreferredEndpointTest {

  private final MovableClock clock = new MovableClock("2026-01-01T00:00:00Z");
  private final PreferredEndpoint preferred = new PreferredEndpoint(Duration.ofSeconds(60), clock);

  @Test
  void startsAtTheFirstEndpoint() {
    assertThat(preferred.first()).isZero();
    assertThat(preferred.answeredBy(0)).isEmpty();
  }

  @Test
  void staysOnTheEndpointFailedOverToUntilFailback() {
    assertThat(preferred.answeredBy(2)).isEqualTo(OptionalInt.of(0));
    assertThat(preferred.answeredBy(2)).isEmpty();

    clock.advance(Duration.ofSeconds(59));
    assertThat(preferred.first()).isEqualTo(2);

    clock.advance(Duration.ofSeconds(1));
    assertThat(preferred.first()).isZero();
  }

  @Test
  void anAnswerOfTheFirstEndpointEndsTheFailover() {
    preferred.answeredBy(1);

    assertThat(preferred.answeredBy(0)).isEqualTo(OptionalInt.of(1));
    assertThat(preferred.first()).isZero();
  }

  @Test
  void anotherFailoverRestartsTheFailbackWait() {
    preferred.answeredBy(1);
    clock.advance(Duration.ofSeconds(50));

    assertThat(preferred.answeredBy(2)).isEqualTo(OptionalInt.of(1));
    clock.advance(Duration.ofSeconds(50));
    assertThat(preferred.first()).isEqualTo(2);
  }
}
