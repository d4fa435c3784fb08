package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.LogStall;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Watches;
import org.walletstate.adapters.http.testbed.WebhookReceiver;
import org.walletstate.adapters.http.testbed.WebhookTestResource;
import org.walletstate.application.attest.watch.DeliverWatchChanges;
import org.walletstate.application.attest.watch.EvaluateWatches;
import org.walletstate.application.attest.watch.WatchTiming;
import org.walletstate.application.attest.watch.port.out.JsonRequests;
import org.walletstate.application.attest.watch.port.out.WatchDeliveries;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.attest.watch.port.out.WebhookSender;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.devnet.Devnet;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * Watches on the devnet: a real transfer changes a verdict, the running evaluation and delivery
 * jobs sign and deliver it to a receiver on 127.0.0.1, and the delivery is checked as a receiver
 * would check it (the Standard Webhooks HMAC, computed here independently, and the SDK).
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(WebhookTestResource.class)
class WatchDeliveriesTest {

  private static final String SINK = "0x000000000000000000000000000000000000dEaD";

  @Inject Pool pool;
  @Inject WatchEvaluations evaluations;
  @Inject JsonRequests requests;
  @Inject ChainState chains;
  @Inject AttestationSigner signer;
  @Inject CreditLedger ledger;
  @Inject Entropy entropy;
  @Inject Clock clock;
  @Inject WatchDeliveries outbox;
  @Inject WebhookSender sender;

  private final String token = Devnet.shared().manifest().chain(10).address("token6");

  /** A watch on a fresh holder of 5 raw units (threshold 0.000005: met); its creation answer. */
  private Response watch(TestKeys.TestKey key, String holder, String url) {
    Response created = Watches.create(key, body(holder, tokenBalance(10, token, "0.000005")), url);
    assertThat(created.jsonPath().getBoolean("data.watch.pass")).isTrue();
    return created;
  }

  /** Sends the holder's 5 units away; the block the transfer is in. */
  private static long spend(String holder) {
    String tx =
        Payments.transfer(
            10, holder, Devnet.shared().manifest().chain(10).address("token6"), SINK, 5);
    assertThat(Payments.succeeded(10, tx)).isTrue();
    return Long.decode(Devnet.shared().rpc(10).minedReceipt(tx).get("blockNumber").asText());
  }

  @Test
  void aTransferUnderTheThreshold_isDeliveredOnce_signedAndFalseAtTheBlockOfTheTransfer()
      throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    String holder = Payments.fundedWallet(10, token, 5);
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      Response created = watch(key, holder, receiver.url());
      String id = created.jsonPath().getString("data.watch.id");
      String secret = created.jsonPath().getString("data.webhookSecret");

      long block = spend(holder);
      Watches.await("the change is delivered", () -> !receiver.received().isEmpty());
      Thread.sleep(2_000); // a few more evaluations and delivery runs: nothing more may arrive

      VerifiedAttestation attestation = Watches.onlyDelivery(receiver, secret);
      String webhookId = receiver.received().get(0).headers().get("webhook-id");
      assertThat(attestation.pass()).isFalse();
      JsonNode result = attestation.results().get(0).asJson();
      assertThat(Long.decode(result.get("blockNumber").asText())).isEqualTo(block);

      Response history = Watches.deliveries(key, id);
      assertThat(history.jsonPath().getList("data.deliveries")).hasSize(1);
      assertThat(history.jsonPath().getString("data.deliveries[0].id")).isEqualTo(webhookId);
      assertThat(history.jsonPath().getString("data.deliveries[0].status")).isEqualTo("delivered");
      assertThat(history.jsonPath().getString("data.deliveries[0].attestationId"))
          .isEqualTo(attestation.id());
      Watches.watch(key, id).then().body("data.pass", org.hamcrest.Matchers.equalTo(false));
      assertThat(Ledger.entries(pool, key.id()))
          .extracting(Ledger.Entry::requestId)
          .containsOnlyOnce(attestation.id());
    }
  }

  /**
   * A change evaluated while the log cannot take entries is neither charged nor recorded for
   * delivery; once the log takes entries again it is delivered once, charged once, and its
   * statement's entry is the one its delivery names.
   */
  @Test
  void aChangeWhoseStatementCannotBeLogged_isNeitherChargedNorDelivered_untilItIsLogged()
      throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    String holder = Payments.fundedWallet(10, token, 5);
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      Response created = watch(key, holder, receiver.url());
      String id = created.jsonPath().getString("data.watch.id");
      long entries = entries(key);
      LogStall.during(
          pool,
          () -> {
            spend(holder);
            Thread.sleep(5_000); // several evaluation runs, each failing at its append
            assertThat(receiver.received()).isEmpty();
            assertThat(Watches.deliveries(key, id).jsonPath().getList("data.deliveries")).isEmpty();
            assertThat(entries(key)).isEqualTo(entries);
          });
      Watches.await("the change is delivered", () -> !receiver.received().isEmpty());
      Thread.sleep(2_000);
      VerifiedAttestation attestation =
          Watches.onlyDelivery(receiver, created.jsonPath().getString("data.webhookSecret"));
      assertThat(attestation.pass()).isFalse();
      assertThat(Ledger.entries(pool, key.id()))
          .extracting(Ledger.Entry::requestId)
          .containsOnlyOnce(attestation.id());
      long index =
          com.fasterxml.jackson.databind.json.JsonMapper.builder()
              .build()
              .readTree(receiver.received().get(0).body())
              .get("log")
              .get("index")
              .asLong();
      assertThat(LogStall.committed(pool, index, attestation.id())).isTrue();
    }
  }

  /** How many ledger entries the key has (its debits, refunds and grants). */
  private long entries(TestKeys.TestKey key) {
    return Ledger.entries(pool, key.id()).size();
  }

  @Test
  void aReceiverThatFailsThreeTimes_getsTheSameDeliveryOnTheFourthAttempt() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    String holder = Payments.fundedWallet(10, token, 5);
    try (WebhookReceiver receiver = new WebhookReceiver(3)) {
      String id = watch(key, holder, receiver.url()).jsonPath().getString("data.watch.id");

      spend(holder);
      Watches.await(
          "the fourth attempt is taken",
          () -> receiver.received().stream().anyMatch(r -> r.answered() == 204));
      Watches.await(
          "the delivery is recorded as delivered",
          () ->
              "delivered"
                  .equals(
                      Watches.deliveries(key, id)
                          .jsonPath()
                          .getString("data.deliveries[0].status")));

      List<WebhookReceiver.Received> got = receiver.received();
      assertThat(got)
          .extracting(WebhookReceiver.Received::answered)
          .containsExactly(500, 500, 500, 204);
      assertThat(got)
          .extracting(r -> r.headers().get("webhook-id"))
          .containsOnly(got.get(0).headers().get("webhook-id"));
      assertThat(got).extracting(WebhookReceiver.Received::body).containsOnly(got.get(0).body());
      Response history = Watches.deliveries(key, id);
      assertThat(history.jsonPath().getInt("data.deliveries[0].attempts")).isEqualTo(4);
      assertThat(history.jsonPath().getString("data.deliveries[0].lastOutcome"))
          .isEqualTo("HTTP 204");
      assertThat(Watches.verified(got.get(3)).pass()).isFalse();
    }
  }

  /**
   * Two more replicas of both jobs on the same database, run side by side (and beside the service's
   * own): the change is charged, recorded and delivered once.
   */
  @Test
  void replicasOnOneDatabase_deliverEachChangeOnce() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    String holder = Payments.fundedWallet(10, token, 5);
    List<EvaluateWatches> evaluators = new ArrayList<>();
    List<DeliverWatchChanges> deliverers = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      evaluators.add(
          new EvaluateWatches(
              evaluations,
              requests,
              chains,
              signer,
              ledger,
              entropy,
              clock,
              ForkJoinPool.commonPool(),
              new WatchTiming(Duration.ofMillis(300), 1_000, Duration.ofHours(24))));
      deliverers.add(
          new DeliverWatchChanges(
              outbox,
              sender,
              clock,
              new DeliverWatchChanges.Retries(
                  Duration.ofMillis(200),
                  Duration.ofSeconds(1),
                  Duration.ofHours(1),
                  Duration.ofSeconds(30)),
              200));
    }
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      String id = watch(key, holder, receiver.url()).jsonPath().getString("data.watch.id");

      spend(holder);
      Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
      while (receiver.received().isEmpty()) {
        assertThat(Instant.now()).as("the change is delivered").isBefore(deadline);
        List<Uni<Integer>> runs = new ArrayList<>();
        evaluators.forEach(e -> runs.add(e.runOnce()));
        deliverers.forEach(d -> runs.add(d.runOnce()));
        Uni.join().all(runs).andCollectFailures().await().atMost(Duration.ofSeconds(30));
      }
      Thread.sleep(2_000); // the service's own jobs keep running: nothing more may arrive

      assertThat(receiver.received()).hasSize(1);
      assertThat(Watches.deliveries(key, id).jsonPath().getList("data.deliveries")).hasSize(1);
      String attestationId =
          Watches.deliveries(key, id).jsonPath().getString("data.deliveries[0].attestationId");
      assertThat(Ledger.entries(pool, key.id()))
          .extracting(Ledger.Entry::requestId)
          .containsOnlyOnce(attestationId);
    }
  }
}
