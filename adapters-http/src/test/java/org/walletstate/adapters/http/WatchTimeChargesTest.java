package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Watches;
import org.walletstate.adapters.http.testbed.WebhookReceiver;
import org.walletstate.adapters.http.testbed.WebhookTestResource;
import org.walletstate.application.attest.watch.EvaluateWatches;
import org.walletstate.application.attest.watch.WatchTiming;
import org.walletstate.application.attest.watch.port.out.JsonRequests;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.devnet.Devnet;
import org.walletstate.domain.payload.KeyVersion;

/**
 * The price of a watch's time on the real ledger: a started charge period (24 hours) is charged
 * once however many replicas evaluate the watch, and a key that cannot pay pauses its watch (kept,
 * not evaluated) until it has credits. A watch's age is made older in the database rather than
 * waited for.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(WebhookTestResource.class)
class WatchTimeChargesTest {

  private static final String SINK = "0x000000000000000000000000000000000000dEaD";

  @Inject Pool pool;
  @Inject WatchEvaluations evaluations;
  @Inject JsonRequests requests;
  @Inject ChainState chains;
  @Inject AttestationSigner signer;
  @Inject CreditLedger ledger;
  @Inject Entropy entropy;
  @Inject Clock clock;

  private final String token = Devnet.shared().manifest().chain(10).address("token6");

  private String watch(TestKeys.TestKey key, String holder, String url) {
    return Watches.create(key, body(holder, tokenBalance(10, token, "0.000005")), url)
        .jsonPath()
        .getString("data.watch.id");
  }

  /** The watch was created one charge period (and a minute) earlier, and is due now. */
  private void ageByOnePeriod(String id) {
    pool.preparedQuery(
            "update watch set created_at = created_at - interval '24 hours 1 minute',"
                + " next_evaluation_at = now() where id = $1")
        .execute(Tuple.of(id))
        .await()
        .atMost(Duration.ofSeconds(30));
  }

  private Row row(String id) {
    return pool.preparedQuery("select status, status_detail, paid_periods from watch where id = $1")
        .execute(Tuple.of(id))
        .await()
        .atMost(Duration.ofSeconds(30))
        .iterator()
        .next();
  }

  /** The key's debits for watch time: their idempotency keys. */
  private List<String> timeDebits(long keyId) {
    List<String> keys = new ArrayList<>();
    pool.preparedQuery(
            "select idempotency_key from credit_entry where api_key_id = $1 and kind = 'debit'"
                + " and reason = 'watch-time' order by id")
        .execute(Tuple.of(keyId))
        .await()
        .atMost(Duration.ofSeconds(30))
        .forEach(r -> keys.add(r.getString("idempotency_key")));
    return keys;
  }

  private EvaluateWatches replica() {
    // a lease of 5 ms: the replicas take the same watch one after another, often before the
    // previous one recorded the paid period, so the ledger's unique key is what keeps it once
    return new EvaluateWatches(
        evaluations,
        requests,
        chains,
        signer,
        ledger,
        entropy,
        clock,
        ForkJoinPool.commonPool(),
        new WatchTiming(Duration.ofMillis(1), 1_000, Duration.ofHours(24)));
  }

  @Test
  void aStartedPeriod_isChargedOnce_byTwoReplicasAndTheService() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 100, 100, KeyVersion.V2);
    String holder = Payments.fundedWallet(10, token, 5);
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      String id = watch(key, holder, receiver.url());
      assertThat(Ledger.balance(pool, key.id())).isEqualTo(99);
      assertThat(timeDebits(key.id())).isEmpty();

      ageByOnePeriod(id);
      List<EvaluateWatches> replicas = List.of(replica(), replica());
      for (int round = 0; round < 30; round++) {
        List<Uni<Integer>> runs = new ArrayList<>();
        replicas.forEach(r -> runs.add(r.runOnce()));
        Uni.join().all(runs).andCollectFailures().await().atMost(Duration.ofSeconds(30));
        Thread.sleep(10);
      }
      Watches.await(
          "the period is recorded as paid", () -> row(id).getInteger("paid_periods") == 2);

      assertThat(timeDebits(key.id())).containsExactly("watch-time:" + id + ":1");
      assertThat(Ledger.balance(pool, key.id())).isEqualTo(98);
      assertThat(row(id).getString("status")).isEqualTo("active");
      assertThat(receiver.received()).isEmpty();
    }
  }

  @Test
  void aKeyOutOfCredits_pausesItsWatch_whichResumesAndDeliversOnceItHasCredits() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 1, 100, KeyVersion.V2);
    String holder = Payments.fundedWallet(10, token, 5);
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      String id = watch(key, holder, receiver.url());
      assertThat(Ledger.balance(pool, key.id())).isZero();

      ageByOnePeriod(id);
      Watches.await("the watch is paused", () -> "paused".equals(row(id).getString("status")));
      assertThat(row(id).getString("status_detail"))
          .isEqualTo(
              "the key has 0 credits; watching costs 1 credit per 24 hours of a watch's life."
                  + " The watch is not evaluated until the key has credits");

      // a paused watch is not evaluated: the holder's change waits, the watch is kept
      String tx = Payments.transfer(10, holder, token, SINK, 5);
      assertThat(Payments.succeeded(10, tx)).isTrue();
      Thread.sleep(3_000);
      assertThat(receiver.received()).isEmpty();
      Watches.watch(key, id)
          .then()
          .statusCode(200)
          .body("data.status", org.hamcrest.Matchers.equalTo("paused"))
          .body("data.pass", org.hamcrest.Matchers.equalTo(true));
      assertThat(timeDebits(key.id())).isEmpty();

      grant(key.id(), 5);
      Watches.await("the change is delivered", () -> !receiver.received().isEmpty());
      assertThat(Watches.verified(receiver.received().get(0)).pass()).isFalse();
      assertThat(timeDebits(key.id())).containsExactly("watch-time:" + id + ":1");
      assertThat(Ledger.balance(pool, key.id())).isEqualTo(3); // 5 - the period - the change
      assertThat(row(id).getString("status")).isEqualTo("active");
    }
  }

  private void grant(long keyId, long credits) {
    pool.withTransaction(
            c ->
                c.preparedQuery(
                        "insert into credit_entry (api_key_id, kind, amount, reason, created_at)"
                            + " values ($1, 'grant', $2, 'test grant', now())")
                    .execute(Tuple.of(keyId, credits))
                    .call(
                        () ->
                            c.preparedQuery(
                                    "update api_key set credits = credits + $2 where id = $1")
                                .execute(Tuple.of(keyId, credits))))
        .await()
        .atMost(Duration.ofSeconds(30));
  }
}
