package org.walletstate.adapters.persistence.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.persistence.PostgresTestResource;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.attest.watch.port.out.WatchStore;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.KeyVersion;

/**
 * The watches' claims at new heads on PostgreSQL, by block number: claims at one head, at once or
 * one after another (replicas that learn of the head at different times), take each watch once; the
 * next block takes every watch again; an older head takes none; and the unchanged evaluations of a
 * run are written in one statement, each with its own status; the blocks a timer run read watches
 * at count as claimed at, and never go down; the block a watch's verdict was read at is written
 * with the unchanged evaluations (never lowered, kept when none was read) and with a change.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgWatchEvaluationsTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  @Inject PgWatchStore store;
  @Inject PgWatchEvaluations evaluations;
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

  /** {@code count} watches of a new key, each with a condition on {@code chain}; their ids. */
  private List<String> watches(long chain, int count) {
    return watches(chain, count, null);
  }

  /** As {@link #watches(long, int)}, each stored with {@code verdictBlock} as its first block. */
  private List<String> watches(long chain, int count, Long verdictBlock) {
    long key = key();
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    String request =
        "{\"wallet\":\"0x000000000000000000000000000000000000dEaD\",\"conditions\":[{\"type\":"
            + "\"native_balance\",\"chainId\":"
            + chain
            + ",\"min\":\"1\"}]}";
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String id = "wch_" + UUID.randomUUID().toString().replace("-", "");
      Watch watch =
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
              "att_" + id);
      store
          .insert(new WatchStore.NewWatch(watch, request, KeyVersion.V2, "whsec_x", verdictBlock))
          .await()
          .atMost(WAIT);
      ids.add(id);
    }
    return ids;
  }

  /**
   * A claim at {@code head} of {@code chain} with no lease (a claimed watch is due again at once),
   * so only the block decides whether a watch is taken again.
   */
  private Uni<List<String>> claim(ChainId chain, long head, int limit) {
    Instant now = Instant.now();
    return evaluations
        .claimOn(chain, head, now, now, Duration.ZERO, limit)
        .map(due -> due.stream().map(WatchEvaluations.Due::id).toList());
  }

  private List<String> claimNow(ChainId chain, long head) {
    return claim(chain, head, 1_000).await().atMost(WAIT);
  }

  @Test
  void claimsAtOneHead_takeEachWatchOnce_andTheNextBlockTakesEveryWatchAgain() {
    ChainId chain = new ChainId.Evm(7_770_001);
    List<String> ids = watches(7_770_001, 30);
    List<String> elsewhere = watches(7_770_002, 3);

    // four replicas at once at block 100, ten watches each per claim, twice over
    List<Uni<List<String>>> replicas = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      replicas.add(claim(chain, 100, 10));
    }
    List<String> taken = new ArrayList<>();
    Uni.join().all(replicas).andFailFast().await().atMost(WAIT).forEach(taken::addAll);
    assertThat(taken).as("no watch taken twice at one head").doesNotHaveDuplicates();
    List<String> later = claimNow(chain, 100);
    Set<String> atHundred = new HashSet<>(taken);
    atHundred.addAll(later);
    assertThat(taken.size() + later.size()).isEqualTo(30);
    assertThat(atHundred).containsExactlyInAnyOrderElementsOf(ids);

    assertThat(claimNow(chain, 100))
        .as("a replica that learns of block 100 later takes none again")
        .isEmpty();
    assertThat(claimNow(chain, 99)).as("nor does an older head").isEmpty();
    assertThat(claimNow(chain, 101))
        .as("block 101 takes every watch again")
        .containsExactlyInAnyOrderElementsOf(ids);
    assertThat(claimNow(chain, 101)).isEmpty();
    assertThat(claimNow(new ChainId.Evm(7_770_002), 101))
        .as("each chain's blocks are its own")
        .containsExactlyInAnyOrderElementsOf(elsewhere);
  }

  @Test
  void aWatchHeldByAClaim_isNotTakenByTheNextHead_untilItsEvaluationIsWritten() {
    ChainId chain = new ChainId.Evm(7_770_003);
    List<String> ids = watches(7_770_003, 2);
    Instant now = Instant.now();
    Duration lease = Duration.ofSeconds(10);
    assertThat(evaluations.claimOn(chain, 5, now, now, lease, 10).await().atMost(WAIT)).hasSize(2);
    assertThat(
            evaluations.claimOn(chain, 6, now, now.plusSeconds(4), lease, 10).await().atMost(WAIT))
        .as("held by the lease")
        .isEmpty();

    evaluations
        .unchanged(
            List.of(
                new WatchEvaluations.Unchanged(ids.get(0), Watch.Status.ACTIVE, ""),
                new WatchEvaluations.Unchanged(ids.get(1), Watch.Status.READ_FAILED, "no answer")),
            now.plusSeconds(4))
        .await()
        .atMost(WAIT);

    Row first = row(ids.get(0));
    Row second = row(ids.get(1));
    assertThat(first.getString("status")).isEqualTo("active");
    assertThat(second.getString("status")).isEqualTo("read_failed");
    assertThat(second.getString("status_detail")).isEqualTo("no answer");
    assertThat(first.getOffsetDateTime("next_evaluation_at").toInstant())
        .isEqualTo(now.plusSeconds(4).truncatedTo(ChronoUnit.MICROS));
    assertThat(
            evaluations
                .claimOn(chain, 6, now, now.plusSeconds(4), lease, 10)
                .await()
                .atMost(WAIT)
                .stream()
                .map(WatchEvaluations.Due::id))
        .as("written, both are taken by the next block")
        .containsExactlyInAnyOrderElementsOf(ids);
  }

  @Test
  void theBlocksATimerRunReadAt_areNotReadAgainByAHeadAtThem_andNeverGoDown() {
    ChainId chain = new ChainId.Evm(7_770_004);
    ChainId other = new ChainId.Evm(7_770_005);
    List<String> ids = watches(7_770_004, 2);
    evaluations
        .readAt(
            List.of(
                new WatchEvaluations.BlockRead(ids.get(0), chain, 200),
                new WatchEvaluations.BlockRead(ids.get(0), other, 9)))
        .await()
        .atMost(WAIT);

    assertThat(claimNow(chain, 200))
        .as("the watch the timer read at block 200 is not taken at that head")
        .containsExactly(ids.get(1));
    assertThat(claimNow(chain, 201)).containsExactlyInAnyOrderElementsOf(ids);

    evaluations
        .readAt(List.of(new WatchEvaluations.BlockRead(ids.get(1), chain, 150)))
        .await()
        .atMost(WAIT);
    assertThat(claimNow(chain, 201)).as("an older block read lowers nothing").isEmpty();
    assertThat(
            pool.preparedQuery("select head_blocks::text as b from watch where id = $1")
                .execute(Tuple.of(ids.get(0)))
                .await()
                .atMost(WAIT)
                .iterator()
                .next()
                .getString("b"))
        .isEqualTo("{\"7770004\": 201, \"7770005\": 9}");
  }

  @Test
  void theBlockOfAWatchsVerdict_isKeptByUnchangedRuns_neverLowered_andSetByAChange() {
    ChainId chain = new ChainId.Evm(7_770_006);
    List<String> ids = watches(7_770_006, 2);
    String a = ids.get(0);
    String b = ids.get(1);
    assertThat(verdictBlocks(chain, 1)).as("not known at first").containsOnly((Long) null);

    Instant next = Instant.now();
    evaluations
        .unchanged(
            List.of(
                new WatchEvaluations.Unchanged(a, Watch.Status.ACTIVE, "", 120L),
                new WatchEvaluations.Unchanged(b, Watch.Status.READ_FAILED, "no answer")),
            next)
        .await()
        .atMost(WAIT);
    assertThat(verdictBlock(chain, 2, a)).isEqualTo(120L);
    assertThat(verdictBlock(chain, 3, b)).isNull();

    evaluations
        .unchanged(
            List.of(
                new WatchEvaluations.Unchanged(a, Watch.Status.ACTIVE, "", 110L),
                new WatchEvaluations.Unchanged(b, Watch.Status.ACTIVE, "", 130L)),
            next)
        .await()
        .atMost(WAIT);
    evaluations
        .unchanged(List.of(new WatchEvaluations.Unchanged(a, Watch.Status.READ_FAILED, "x")), next)
        .await()
        .atMost(WAIT);
    assertThat(verdictBlock(chain, 4, a))
        .as("never lowered, kept by a failed read")
        .isEqualTo(120L);
    assertThat(verdictBlock(chain, 5, b)).isEqualTo(130L);

    evaluations
        .changed(
            new WatchEvaluations.Change(
                a, 1, false, List.of(false), "att_" + a, "msg_" + a, "{}", next, next, 125L))
        .await()
        .atMost(WAIT);
    assertThat(verdictBlock(chain, 6, a)).as("the change's own block").isEqualTo(125L);
  }

  @Test
  void aWatchStoredWithItsFirstAttestationsBlock_isClaimedWithIt() {
    ChainId chain = new ChainId.Evm(7_770_007);
    watches(7_770_007, 1, 77L);
    assertThat(verdictBlocks(chain, 80)).containsExactly(77L);
  }

  /** Each watch's verdict block as a claim at {@code head} of {@code chain} returns it. */
  private List<Long> verdictBlocks(ChainId chain, long head) {
    Instant now = Instant.now();
    return evaluations
        .claimOn(chain, head, now, now.plusSeconds(60), Duration.ZERO, 100)
        .await()
        .atMost(WAIT)
        .stream()
        .map(WatchEvaluations.Due::verdictBlock)
        .toList();
  }

  private Long verdictBlock(ChainId chain, long head, String id) {
    Instant now = Instant.now();
    return evaluations
        .claimOn(chain, head, now, now.plusSeconds(60), Duration.ZERO, 100)
        .await()
        .atMost(WAIT)
        .stream()
        .filter(d -> d.id().equals(id))
        .findFirst()
        .orElseThrow()
        .verdictBlock();
  }

  private Row row(String id) {
    return pool.preparedQuery(
            "select status, status_detail, next_evaluation_at from watch where id = $1")
        .execute(Tuple.of(id))
        .await()
        .atMost(WAIT)
        .iterator()
        .next();
  }
}
