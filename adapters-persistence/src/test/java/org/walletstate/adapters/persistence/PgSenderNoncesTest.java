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
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.PassMints;

/**
 * The shared nonce allocator of the service's senders, and the claim of due mints: what every
 * replica takes from one database, also at the same moment.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgSenderNoncesTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Instant NOW = Instant.parse("2026-11-28T01:00:00Z");
  private static final Instant LEASED = NOW.plusSeconds(120);

  @Inject PgSenderNonces nonces;
  @Inject PgPurchases mints;
  @Inject Pool pool;

  private static String sender() {
    byte[] bytes = new byte[20];
    RANDOM.nextBytes(bytes);
    return "0x" + HexFormat.of().formatHex(bytes);
  }

  private long allocate(String sender, long mined, Instant now) {
    return nonces.allocate(8453, sender, mined, now, now.plusSeconds(120)).await().atMost(WAIT);
  }

  @Test
  void concurrentAllocations_getDistinctConsecutiveNonces_fromTheMinedCount() {
    String sender = sender();
    List<Uni<Long>> allocations = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      allocations.add(nonces.allocate(8453, sender, 7, NOW, LEASED));
    }
    List<Long> got =
        Uni.join().all(allocations).usingConcurrencyOf(16).andFailFast().await().atMost(WAIT);

    assertThat(got).doesNotHaveDuplicates().hasSize(50);
    assertThat(got).containsExactlyInAnyOrderElementsOf(LongStream.range(7, 57).boxed().toList());
    // another chain, another sender: sequences of their own
    assertThat(nonces.allocate(10, sender, 0, NOW, LEASED).await().atMost(WAIT)).isZero();
    assertThat(allocate(sender(), 3, NOW)).isEqualTo(3);
  }

  @Test
  void aNonceNotMined_isHandedOutAgain_whenReleasedOrWhenItsLeaseExpired() {
    String sender = sender();
    long sent = allocate(sender, 0, NOW);
    nonces.sent(8453, sender, sent).await().atMost(WAIT);
    long refused = allocate(sender, 0, NOW);
    long abandoned = allocate(sender, 0, NOW);
    assertThat(List.of(sent, refused, abandoned)).containsExactly(0L, 1L, 2L);

    nonces.unused(8453, sender, refused).await().atMost(WAIT);
    assertThat(allocate(sender, 0, NOW)).as("a refused send's nonce, at once").isEqualTo(1);
    nonces.sent(8453, sender, 1).await().atMost(WAIT);
    long lost = allocate(sender, 0, NOW);
    assertThat(lost).as("leased nonces are not taken").isEqualTo(3);
    nonces.sent(8453, sender, lost).await().atMost(WAIT);

    Instant later = NOW.plusSeconds(121);
    assertThat(allocate(sender, 2, later))
        .as("0 and 1 mined; 2 never sent, its lease expired: it fills its gap")
        .isEqualTo(2);
    assertThat(allocate(sender, 2, later))
        .as("3 sent but still not mined after its lease: its transaction was lost")
        .isEqualTo(3);
    assertThat(allocate(sender, 2, later)).isEqualTo(4);
  }

  @Test
  void freeNoncesBelowAWaitingOne_areTakenOnce_byConcurrentFillers() {
    String sender = sender();
    for (int i = 0; i < 6; i++) {
      assertThat(allocate(sender, 0, NOW)).isEqualTo(i);
    }
    nonces.sent(8453, sender, 0).await().atMost(WAIT);
    nonces.unused(8453, sender, 1).await().atMost(WAIT);
    nonces.unused(8453, sender, 3).await().atMost(WAIT);
    nonces.unused(8453, sender, 5).await().atMost(WAIT);
    List<Uni<List<Long>>> fillers = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      fillers.add(nonces.takeFreeBelow(8453, sender, 0, 5, NOW, LEASED));
    }
    List<Long> taken =
        Uni.join().all(fillers).usingConcurrencyOf(8).andFailFast().await().atMost(WAIT).stream()
            .flatMap(List::stream)
            .toList();

    assertThat(taken)
        .as("1 and 3 released below the waiting 5, each to one filler; 5 itself is not below")
        .containsExactlyInAnyOrder(1L, 3L);
    assertThat(nonces.takeFreeBelow(8453, sender, 0, 5, NOW, LEASED).await().atMost(WAIT))
        .as("taken nonces are leased")
        .isEmpty();
    assertThat(allocate(sender, 0, NOW))
        .as("the next allocation takes 5, then a new one")
        .isEqualTo(5);
    nonces.unused(8453, sender, 3).await().atMost(WAIT);
    assertThat(nonces.takeFreeBelow(8453, sender, 2, 5, NOW, LEASED).await().atMost(WAIT))
        .as("a filler that could not send hands its nonce back")
        .containsExactly(3L);
    assertThat(nonces.takeFreeBelow(8453, sender, 2, 2, NOW, LEASED).await().atMost(WAIT))
        .as("nothing below the mined count")
        .isEmpty();
  }

  @Test
  void nonceMinedOutsideTheAllocator_areSkipped_andMinedRowsAreForgotten() {
    String sender = sender();
    assertThat(allocate(sender, 0, NOW)).isZero();
    assertThat(allocate(sender, 10, NOW)).as("the chain is ahead: never below it").isEqualTo(10);
    long rows =
        pool.preparedQuery(
                "select count(*) from evm_sender_nonce_use where chain_id = 8453 and sender = $1")
            .execute(Tuple.of(sender))
            .await()
            .atMost(WAIT)
            .iterator()
            .next()
            .getLong(0);
    assertThat(rows).as("only nonce 10 is still open").isEqualTo(1);
  }

  @Test
  void dueMints_areClaimedByOneCallerEach_untilTheClaimsDeadline() {
    List<Long> keys = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      long key = TestAccounts.withCredits(pool, 1, 10).await().atMost(WAIT);
      pool.preparedQuery(
              "insert into access_pass_mint (api_key_id, wallet, state, attempts, next_attempt,"
                  + " updated_at) values ($1, $2, 'pending', 0, $3, $3)")
          .execute(Tuple.of(key, sender(), NOW.minusSeconds(5).atOffset(java.time.ZoneOffset.UTC)))
          .await()
          .atMost(WAIT);
      keys.add(key);
    }
    Instant at = NOW;
    List<Uni<List<PassMints.PendingMint>>> claims = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      claims.add(mints.claimDue(at, 100, at.plusSeconds(300)));
    }
    List<Long> claimed =
        Uni.join().all(claims).usingConcurrencyOf(4).andFailFast().await().atMost(WAIT).stream()
            .flatMap(List::stream)
            .map(PassMints.PendingMint::keyId)
            .filter(keys::contains)
            .toList();

    assertThat(claimed).as("each due mint to one caller").doesNotHaveDuplicates();
    assertThat(claimed).containsExactlyInAnyOrderElementsOf(keys);
    assertThat(mints.claimDue(at.plusSeconds(299), 100, at.plusSeconds(600)).await().atMost(WAIT))
        .as("claimed mints are not due before the deadline")
        .noneMatch(m -> keys.contains(m.keyId()));
    assertThat(mints.claimDue(at.plusSeconds(300), 100, at.plusSeconds(600)).await().atMost(WAIT))
        .as("a claim whose holder never reported is due again after it")
        .extracting(PassMints.PendingMint::keyId)
        .containsAll(keys);
  }
}
