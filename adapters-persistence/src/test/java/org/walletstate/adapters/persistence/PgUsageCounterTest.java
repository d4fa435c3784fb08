package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.UsageCounter.Count;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgUsageCounterTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  @Inject PgUsageCounter counter;
  @Inject Pool pool;

  @Test
  void concurrentRequests_areCountedUpToTheLimitAndNoFurther() {
    long key = TestAccounts.withCredits(pool, 1, 10_000).await().atMost(WAIT);
    LocalDate day = LocalDate.of(2026, 11, 21);
    List<Uni<Count>> counts = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      counts.add(counter.countOne(key, day, 50));
    }
    List<Count> outcomes =
        Uni.join().all(counts).usingConcurrencyOf(60).andFailFast().await().atMost(WAIT);
    assertThat(outcomes.stream().filter(c -> c instanceof Count.Counted)).hasSize(50);
    assertThat(outcomes.stream().filter(c -> c instanceof Count.LimitReached)).hasSize(10);
    assertThat(
            outcomes.stream()
                .filter(c -> c instanceof Count.Counted)
                .map(c -> ((Count.Counted) c).used()))
        .containsExactlyInAnyOrderElementsOf(
            java.util.stream.IntStream.rangeClosed(1, 50).boxed().toList());
  }

  @Test
  void eachUtcDayStartsAgain() {
    long key = TestAccounts.withCredits(pool, 1, 10_000).await().atMost(WAIT);
    LocalDate day = LocalDate.of(2026, 11, 21);
    assertThat(counter.countOne(key, day, 1).await().atMost(WAIT)).isEqualTo(new Count.Counted(1));
    assertThat(counter.countOne(key, day, 1).await().atMost(WAIT))
        .isEqualTo(new Count.LimitReached());
    assertThat(counter.countOne(key, day.plusDays(1), 1).await().atMost(WAIT))
        .isEqualTo(new Count.Counted(1));
  }
}
