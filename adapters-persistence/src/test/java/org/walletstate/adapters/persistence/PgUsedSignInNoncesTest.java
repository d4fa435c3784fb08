package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;

/**
 * Forgetting used sign-in nonces: rows used before the cutoff go, in bounded batches; rows still
 * inside it stay and keep their nonce unusable; replicas pruning at once never take a row twice.
 * The tests work in the last century, which they clear first, so each counts only its own rows.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgUsedSignInNoncesTest {

  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final SecureRandom RANDOM = new SecureRandom();

  @Inject PgUsedSignInNonces used;
  @Inject PgWalletKeys keys;
  @Inject Pool pool;

  @BeforeEach
  void clearTheLastCentury() {
    pool.preparedQuery("delete from wallet_sign_in_nonce where used_at < $1")
        .execute(Tuple.of(java.time.OffsetDateTime.parse("2000-01-01T00:00:00Z")))
        .await()
        .atMost(WAIT);
  }

  private static EvmAddress wallet() {
    byte[] bytes = new byte[20];
    RANDOM.nextBytes(bytes);
    return EvmAddress.of("0x" + HexFormat.of().formatHex(bytes));
  }

  private boolean use(EvmAddress wallet, String nonce, Instant at) {
    return keys.useNonce(wallet, nonce, at).await().atMost(WAIT);
  }

  private long rows(EvmAddress wallet) {
    return pool.preparedQuery("select count(*) as n from wallet_sign_in_nonce where wallet = $1")
        .execute(Tuple.of(wallet.lowercase()))
        .await()
        .atMost(WAIT)
        .iterator()
        .next()
        .getLong("n");
  }

  @Test
  void rowsPastTheCutoffGo_inBatches_andLiveNoncesStayUnusable() {
    Instant now = Instant.parse("1995-06-01T12:00:00Z");
    Instant cutoff = now.minus(Duration.ofHours(1));
    EvmAddress wallet = wallet();
    for (int i = 0; i < 5; i++) {
      assertThat(use(wallet, "oldnonce" + i, cutoff.minusSeconds(1 + i * 60L))).isTrue();
    }
    assertThat(use(wallet, "livenonce1", now.minusSeconds(60))).isTrue();
    assertThat(use(wallet, "livenonce2", cutoff)).isTrue();

    assertThat(used.forgetUsedBefore(cutoff, 2).await().atMost(WAIT)).isEqualTo(2);
    assertThat(rows(wallet)).isEqualTo(5);
    assertThat(used.forgetUsedBefore(cutoff, 2).await().atMost(WAIT)).isEqualTo(2);
    assertThat(used.forgetUsedBefore(cutoff, 2).await().atMost(WAIT)).isEqualTo(1);
    assertThat(used.forgetUsedBefore(cutoff, 2).await().atMost(WAIT)).isZero();

    assertThat(rows(wallet)).as("the two live nonces").isEqualTo(2);
    assertThat(use(wallet, "livenonce1", now)).as("a live nonce replayed").isFalse();
    assertThat(use(wallet, "livenonce2", now)).as("used exactly at the cutoff").isFalse();
  }

  @Test
  void replicasPruningAtOnce_takeDisjointBatches_andTogetherForgetEachOldRowOnce() {
    Instant cutoff = Instant.parse("1990-01-02T00:00:00Z");
    EvmAddress wallet = wallet();
    for (int i = 0; i < 60; i++) {
      assertThat(use(wallet, "old" + String.format("%08d", i), cutoff.minusSeconds(1 + i)))
          .isTrue();
    }
    EvmAddress live = wallet();
    assertThat(use(live, "fresh0001", cutoff.plusSeconds(1))).isTrue();

    List<Uni<Integer>> replicas = new ArrayList<>();
    for (int r = 0; r < 6; r++) {
      replicas.add(used.forgetUsedBefore(cutoff, 10));
    }
    List<Integer> taken =
        Uni.join().all(replicas).usingConcurrencyOf(6).andFailFast().await().atMost(WAIT);
    int total = taken.stream().mapToInt(Integer::intValue).sum();
    int more;
    while ((more = used.forgetUsedBefore(cutoff, 10).await().atMost(WAIT)) > 0) {
      total += more;
    }

    assertThat(taken).allMatch(n -> n <= 10);
    assertThat(total).as("each old row forgotten once").isEqualTo(60);
    assertThat(rows(wallet)).isZero();
    assertThat(rows(live)).isEqualTo(1);
  }
}
