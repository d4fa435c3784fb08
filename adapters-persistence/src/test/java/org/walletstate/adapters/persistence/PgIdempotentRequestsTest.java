package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.IdempotentRequests.Answer;
import org.walletstate.application.port.out.IdempotentRequests.Begin;

/**
 * Idempotency keys in PostgreSQL: one claim wins among concurrent ones (as replicas sharing the
 * database would send them), a repeat sees the request under way, another body is a mismatch, an
 * answer is replayed byte for byte, a released key starts anew, an abandoned lease and an expired
 * row are taken over, and pruning forgets only expired rows, each once.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgIdempotentRequestsTest {

  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
  private static final byte[] ONE = "POST /v1/attest\n{\"a\":1}".getBytes(StandardCharsets.UTF_8);
  private static final byte[] TWO = "POST /v1/attest\n{\"a\":2}".getBytes(StandardCharsets.UTF_8);

  @Inject PgIdempotentRequests store;
  @Inject Pool pool;

  private static String scope() {
    return "scope-" + UUID.randomUUID();
  }

  private Begin begin(String scope, String key, byte[] fingerprint, Instant now) {
    return store
        .begin(scope, key, fingerprint, now, now.plusSeconds(60), now.plus(Duration.ofHours(24)))
        .await()
        .atMost(WAIT);
  }

  @Test
  void concurrentClaims_exactlyOneStarts_theOthersSeeItInFlight() {
    String scope = scope();
    List<Uni<Begin>> claims = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      claims.add(
          store.begin(scope, "k1", ONE, NOW, NOW.plusSeconds(60), NOW.plus(Duration.ofDays(1))));
    }
    List<Begin> outcomes =
        Uni.join().all(claims).usingConcurrencyOf(16).andFailFast().await().atMost(WAIT);

    assertThat(outcomes).filteredOn(b -> b instanceof Begin.Started).hasSize(1);
    assertThat(outcomes).filteredOn(b -> b instanceof Begin.InFlight).hasSize(15);
  }

  @Test
  void anAnswer_isReplayedByteForByte_andAnotherBodyIsAMismatch() {
    String scope = scope();
    assertThat(begin(scope, "k", ONE, NOW)).isInstanceOf(Begin.Started.class);
    assertThat(begin(scope, "k", TWO, NOW)).isInstanceOf(Begin.Mismatch.class);
    byte[] body = {'{', '"', 'o', 'k', '"', ':', 't', 'r', 'u', 'e', '}', 0, (byte) 0xff};
    store.complete(scope, "k", ONE, new Answer(200, "application/json", body)).await().atMost(WAIT);

    Begin again = begin(scope, "k", ONE, NOW.plusSeconds(5));
    assertThat(again).isInstanceOf(Begin.Stored.class);
    assertThat(((Begin.Stored) again).answer())
        .isEqualTo(new Answer(200, "application/json", body));
    assertThat(begin(scope, "k", TWO, NOW.plusSeconds(5))).isInstanceOf(Begin.Mismatch.class);
    assertThat(begin(scope(), "k", TWO, NOW))
        .as("another caller's key")
        .isInstanceOf(Begin.Started.class);
  }

  @Test
  void aReleasedKey_startsAnew_andAnAbandonedLeaseIsTakenOver() {
    String scope = scope();
    assertThat(begin(scope, "k", ONE, NOW)).isInstanceOf(Begin.Started.class);
    store.release(scope, "k", ONE).await().atMost(WAIT);
    assertThat(begin(scope, "k", TWO, NOW)).isInstanceOf(Begin.Started.class);

    assertThat(begin(scope, "k", TWO, NOW.plusSeconds(59))).isInstanceOf(Begin.InFlight.class);
    assertThat(begin(scope, "k", TWO, NOW.plusSeconds(60)))
        .as("lease over")
        .isInstanceOf(Begin.Started.class);
  }

  @Test
  void anExpiredAnswer_isForgotten_andItsKeyStartsAnew() {
    String scope = scope();
    Instant past = Instant.parse("1999-01-01T00:00:00Z");
    pool.preparedQuery("delete from idempotent_request where expires_at < $1")
        .execute(Tuple.of(java.time.OffsetDateTime.parse("2000-01-01T00:00:00Z")))
        .await()
        .atMost(WAIT);
    for (int i = 0; i < 5; i++) {
      assertThat(begin(scope, "old" + i, ONE, past)).isInstanceOf(Begin.Started.class);
      store
          .complete(scope, "old" + i, ONE, new Answer(201, null, new byte[] {1}))
          .await()
          .atMost(WAIT);
    }
    assertThat(begin(scope, "live", ONE, NOW)).isInstanceOf(Begin.Started.class);
    Instant afterOld = past.plus(Duration.ofDays(2));

    assertThat(begin(scope, "old0", TWO, afterOld))
        .as("expired: taken over")
        .isInstanceOf(Begin.Started.class);
    int forgotten = store.forgetExpired(afterOld, 2).await().atMost(WAIT);
    forgotten += store.forgetExpired(afterOld, 10).await().atMost(WAIT);
    assertThat(forgotten).as("old1..old4").isEqualTo(4);
    assertThat(store.forgetExpired(afterOld, 10).await().atMost(WAIT)).isZero();
    assertThat(begin(scope, "live", ONE, NOW)).as("still there").isInstanceOf(Begin.InFlight.class);
  }
}
