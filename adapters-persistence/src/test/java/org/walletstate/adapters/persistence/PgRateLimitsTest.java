package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.RateLimits.Decision;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgRateLimitsTest {

  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Duration MINUTE = Duration.ofMinutes(1);

  /** 20 seconds into a minute: 40 seconds of the window are left. */
  private static final Instant AT = Instant.parse("2026-11-25T02:00:20Z");

  @Inject PgRateLimits limits;
  @Inject Pool pool;

  private static String client() {
    return UUID.randomUUID().toString();
  }

  @Test
  void concurrentRequests_areLetThroughUpToTheLimitAndNoFurther() {
    String client = client();
    List<Uni<Decision>> takes = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      takes.add(limits.take("test-policy", client, 25, MINUTE, AT));
    }
    List<Decision> decisions =
        Uni.join().all(takes).usingConcurrencyOf(60).andFailFast().await().atMost(WAIT);
    assertThat(decisions.stream().filter(d -> d instanceof Decision.Allowed)).hasSize(25);
    assertThat(decisions)
        .filteredOn(d -> d instanceof Decision.Limited)
        .hasSize(35)
        .containsOnly(new Decision.Limited(40));
    assertThat(
            decisions.stream()
                .filter(d -> d instanceof Decision.Allowed)
                .map(d -> ((Decision.Allowed) d).remaining()))
        .containsExactlyInAnyOrderElementsOf(
            java.util.stream.IntStream.range(0, 25).boxed().toList());
  }

  @Test
  void theNextWindow_policiesAndClients_countApart() {
    String client = client();
    assertThat(limits.take("a", client, 1, MINUTE, AT).await().atMost(WAIT))
        .isEqualTo(new Decision.Allowed(0));
    assertThat(limits.take("a", client, 1, MINUTE, AT.plusSeconds(39)).await().atMost(WAIT))
        .isEqualTo(new Decision.Limited(1));
    assertThat(limits.take("a", client, 1, MINUTE, AT.plusSeconds(40)).await().atMost(WAIT))
        .isEqualTo(new Decision.Allowed(0));
    assertThat(limits.take("b", client, 1, MINUTE, AT).await().atMost(WAIT))
        .isEqualTo(new Decision.Allowed(0));
    assertThat(limits.take("a", client(), 1, MINUTE, AT).await().atMost(WAIT))
        .isEqualTo(new Decision.Allowed(0));
  }

  @Test
  void windowsThatEndedOverADayAgo_areSweptAsRequestsComeIn() {
    String old = client();
    limits.take("sweep", old, 5, MINUTE, AT.minus(Duration.ofDays(3))).await().atMost(WAIT);
    for (int i = 0; i < PgRateLimits.SWEEP_EVERY; i++) {
      limits.take("sweep", client(), 5, MINUTE, AT).await().atMost(WAIT);
    }
    long left =
        pool.preparedQuery("select count(*) as n from rate_limit_window where client = $1")
            .execute(Tuple.of(old))
            .await()
            .atMost(WAIT)
            .iterator()
            .next()
            .getLong("n");
    assertThat(left).isZero();
  }
}
