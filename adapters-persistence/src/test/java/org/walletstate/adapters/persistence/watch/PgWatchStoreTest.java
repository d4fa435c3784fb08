package org.walletstate.adapters.persistence.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.persistence.PostgresTestResource;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.application.attest.watch.port.out.WatchStore;
import org.walletstate.domain.payload.KeyVersion;

/**
 * A key's places among its watches on PostgreSQL: many subscriptions at once for the last places
 * hold no more than the limit, a stored watch takes its place, a released or lapsed place is free
 * again.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgWatchStoreTest {

  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final int LIMIT = 3;

  @Inject PgWatchStore store;
  @Inject Pool pool;

  private long key() {
    String hash = (UUID.randomUUID().toString() + UUID.randomUUID()).replace("-", "");
    return pool.preparedQuery(
            "insert into api_key (key_hash, app_name, plan, key_version, daily_limit, credits,"
                + " created_at) values ($1, 'watch test', 'pro', 2, 100, 0, now()) returning id")
        .execute(Tuple.of(hash))
        .await()
        .atMost(WAIT)
        .iterator()
        .next()
        .getLong("id");
  }

  private static WatchStore.NewWatch watch(long key, String id) {
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    return new WatchStore.NewWatch(
        new Watch(
            id,
            key,
            URI.create("https://hooks.example.com/w"),
            WatchCommand.DeliverOn.PASS,
            now,
            now.plusSeconds(3_600),
            Watch.Status.ACTIVE,
            "",
            true,
            List.of(true),
            "att_" + id),
        "{}",
        KeyVersion.V2,
        "whsec_x",
        null);
  }

  private boolean hold(long key, String id, Instant until) {
    return store.hold(key, id, LIMIT, until).await().atMost(WAIT);
  }

  @Test
  void manyHoldsAtOnce_forTheLastPlaces_holdNoMoreThanTheLimit() {
    long key = key();
    Instant until = Instant.now().plusSeconds(300);
    assertThat(hold(key, "wch_first", until)).isTrue();
    store.insert(watch(key, "wch_first")).await().atMost(WAIT);

    List<Uni<Boolean>> racing = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      racing.add(store.hold(key, "wch_race" + i, LIMIT, until));
    }
    List<Boolean> held = Uni.join().all(racing).andFailFast().await().atMost(WAIT);

    assertThat(held.stream().filter(h -> h)).as("one watch stored, two places left").hasSize(2);
    assertThat(hold(key(), "wch_other_key", until)).as("the limit is per key").isTrue();
  }

  @Test
  void aStoredWatch_takesItsPlace_andAReleasedOrLapsedPlaceIsFreeAgain() {
    long key = key();
    Instant until = Instant.now().plusSeconds(300);
    assertThat(hold(key, "wch_a", until)).isTrue();
    assertThat(hold(key, "wch_b", until)).isTrue();
    assertThat(hold(key, "wch_c", Instant.now().minusSeconds(1))).isTrue();
    assertThat(hold(key, "wch_d", until))
        .as("the lapsed place is cleared by the next hold")
        .isTrue();
    assertThat(hold(key, "wch_e", until)).as("a, b and d hold the three places").isFalse();

    store.insert(watch(key, "wch_a")).await().atMost(WAIT);
    assertThat(hold(key, "wch_e", until)).as("a stored watch keeps its place").isFalse();
    store.release("wch_b").await().atMost(WAIT);
    assertThat(store.list(key).await().atMost(WAIT)).extracting(Watch::id).containsExactly("wch_a");
    assertThat(hold(key, "wch_e", until)).as("a released place is free again").isTrue();
    assertThat(hold(key, "wch_f", until)).isFalse();
  }
}
