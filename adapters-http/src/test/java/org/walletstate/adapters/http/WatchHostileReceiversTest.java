package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.HostileReceiver;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Watches;
import org.walletstate.adapters.http.testbed.WebhookReceiver;
import org.walletstate.adapters.http.testbed.WebhookTestResource;
import org.walletstate.devnet.Devnet;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * A webhook receiver is the watch owner's to choose, so it may be hostile: one that takes a request
 * and never answers holds an attempt until the delivery timeout (10 s), one that resets every
 * connection fails every attempt at once. Neither may delay another watch's delivery.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(WebhookTestResource.class)
class WatchHostileReceiversTest {

  private static final String SINK = "0x000000000000000000000000000000000000dEaD";

  /**
   * Far below the delivery timeout a hanging receiver holds an attempt for (10 s), far above the
   * delivery interval (200 ms): the longest a change may wait for its delivery here.
   */
  private static final Duration PROMPT = Duration.ofSeconds(4);

  @Inject Pool pool;

  private final String token = Devnet.shared().manifest().chain(10).address("token6");

  @Test
  void aHangingAndAResettingReceiver_doNotDelayAnotherWatchsDelivery() throws Exception {
    try (HostileReceiver hanging = HostileReceiver.hanging();
        HostileReceiver resetting = HostileReceiver.resetting();
        WebhookReceiver honest = new WebhookReceiver(0)) {
      Watch hangs = watch(hanging.url());
      Watch resets = watch(resetting.url());
      Watch waits = watch(honest.url());

      spend(hangs.holder());
      spend(resets.holder());
      Watches.await(
          () -> "both hostile receivers are sent their change: " + state(hangs, resets, waits),
          () -> hanging.requests() > 0 && resetting.requests() > 0);
      // the hanging receiver now holds an attempt for the delivery timeout
      long block = spend(waits.holder());

      Watches.await(
          () -> "the honest receiver gets its change: " + state(hangs, resets, waits),
          () -> !honest.received().isEmpty());
      VerifiedAttestation attestation =
          Watches.deliveryOf(honest, waits.key(), waits.id(), waits.secret());
      assertThat(attestation.pass()).isFalse();
      assertThat(Long.decode(attestation.results().get(0).asJson().get("blockNumber").asText()))
          .isEqualTo(block);
      Response history = Watches.deliveries(waits.key(), waits.id());
      Instant recorded =
          Instant.parse(history.jsonPath().getString("data.deliveries[0].createdAt"));
      Instant delivered =
          Instant.parse(history.jsonPath().getString("data.deliveries[0].deliveredAt"));
      assertThat(Duration.between(recorded, delivered))
          .as("from the change to its delivery: %s", state(hangs, resets, waits))
          .isLessThan(PROMPT);

      // the hostile ones are retried, not delivered: their changes wait for them alone
      assertThat(
              Watches.deliveries(resets.key(), resets.id())
                  .jsonPath()
                  .getString("data.deliveries[0].status"))
          .isEqualTo("pending");
      assertThat(
              Watches.deliveries(resets.key(), resets.id())
                  .jsonPath()
                  .getString("data.deliveries[0].lastOutcome"))
          .isEqualTo("could not be sent");
      assertThat(
              Watches.deliveries(hangs.key(), hangs.id())
                  .jsonPath()
                  .getString("data.deliveries[0].status"))
          .isEqualTo("pending");
    }
  }

  private record Watch(TestKeys.TestKey key, String holder, String id, String secret) {}

  /** A watch of a fresh holder of 5 units (threshold 5: met) delivering to {@code url}. */
  private Watch watch(String url) throws InterruptedException {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    String holder = Payments.fundedWallet(10, token, 5);
    Response created =
        Watches.createPassing(key, body(holder, tokenBalance(10, token, "0.000005")), url);
    assertThat(created.jsonPath().getBoolean("data.watch.pass")).isTrue();
    return new Watch(
        key,
        holder,
        created.jsonPath().getString("data.watch.id"),
        created.jsonPath().getString("data.webhookSecret"));
  }

  private String state(Watch... watches) {
    return Watches.state(pool, List.of(watches).stream().map(Watch::id).toList());
  }

  /** Sends the holder's 5 units away; the block the transfer is in. */
  private long spend(String holder) {
    String tx = Payments.transfer(10, holder, token, SINK, 5);
    assertThat(Payments.succeeded(10, tx)).isTrue();
    return Long.decode(Devnet.shared().rpc(10).minedReceipt(tx).get("blockNumber").asText());
  }
}
