package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Watches;
import org.walletstate.adapters.http.testbed.WebhookReceiver;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * Watches evaluated at new heads: head following on (chain heads polled every 200 ms) and the
 * evaluation timer an hour apart, so a change delivered within the test was found by a head, not by
 * the timer; and the watches of one chain at one block are read in one round.
 */
@QuarkusTest
@TestProfile(WatchHeadEvaluationTest.HeadsOnTimerOff.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class WatchHeadEvaluationTest {

  /** Heads followed every 200 ms; the evaluation timer's next run an hour after the start. */
  public static final class HeadsOnTimerOff implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "walletstate.chains.evm-reads.head-following",
          "true",
          "walletstate.chains.evm-reads.head-poll-interval",
          "200ms",
          "walletstate.watches.evaluate-every",
          "1h",
          "walletstate.watches.deliver-every",
          "200ms",
          "walletstate.watches.test.allow-http",
          "true",
          "walletstate.watches.test.allowed-loopback-addresses",
          "127.0.0.1",
          // the runs at heads and the delivery attempts with their timing, for a failure's log
          "quarkus.log.category.\"org.walletstate.adapters.http.jobs\".level",
          "DEBUG",
          "quarkus.log.category.\"org.walletstate.adapters.http.domaincheck.WebhookPost\".level",
          "DEBUG");
    }
  }

  private static final String SINK = "0x000000000000000000000000000000000000dEaD";

  @Inject Pool pool;
  @Inject MeterRegistry registry;

  private final String token = Devnet.shared().manifest().chain(10).address("token6");

  @Test
  void aTransfer_isDeliveredAtTheNextHead_withoutTheTimer() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      Created watch = create(receiver);

      long block = spend(watch.holder());
      Watches.await("the change is delivered", () -> !receiver.received().isEmpty());

      assertFalseAt(Watches.onlyDelivery(receiver, watch.secret()), block);
    }
  }

  /**
   * Five watches on chain 10, each changed by its own transfer (a block each, 2.5 s apart): each
   * change is delivered, verified by the SDK with {@code pass} false at the block of its transfer;
   * so each of the five blocks was read, and the read round trips over them are five: one per block
   * for all five watches, never one per watch.
   */
  @Test
  void theWatchesOfOneChain_areReadInOneRoundPerBlock() throws Exception {
    int count = 5;
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      List<Created> watches = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        watches.add(create(receiver));
      }
      // every watch evaluated once at a head after its creation, none due yet
      Thread.sleep(1_500);
      long firstBlock = Devnet.shared().rpc(10).blockNumber();
      double readsBefore = reads();

      List<Long> changedAt = new ArrayList<>();
      for (Created watch : watches) {
        changedAt.add(spend(watch.holder()));
        Thread.sleep(2_500);
      }
      Watches.await(
          () -> "every change is delivered: " + Watches.state(pool, ids(watches)),
          () -> receiver.received().size() >= count);
      Thread.sleep(1_000); // a few more heads' worth of delivery runs: nothing more may arrive
      long blocks = Devnet.shared().rpc(10).blockNumber() - firstBlock;
      double rounds = reads() - readsBefore;

      assertThat(blocks).isEqualTo(count);
      assertThat(receiver.received()).hasSize(count);
      for (int i = 0; i < count; i++) {
        assertFalseAt(
            Watches.deliveryOf(
                receiver, watches.get(i).key(), watches.get(i).id(), watches.get(i).secret()),
            changedAt.get(i));
      }
      // five distinct blocks were read (one anchor each): at least one round trip per block
      assertThat(rounds)
          .as("read round trips on chain 10 over %d blocks", blocks)
          .isEqualTo(blocks);
    }
  }

  /**
   * A change in the block right after a head whose evaluation read the watch (well within the
   * same-head window of that evaluation) is delivered by the evaluation at its own head: with the
   * timer an hour away, nothing else could find it.
   */
  @Test
  void aChangeOneBlockAfterAnEvaluatedHead_isDeliveredAtItsOwnHead() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      Created watch = create(receiver);
      Thread.sleep(1_500); // evaluated at the head of its holder's funding; none due now

      double before = reads();
      Payments.mine(10, 1); // a head that changes nothing: the watch is read there
      Watches.await("the watch is read at the empty block", () -> reads() > before);
      // let that run finish before the next block: the devnet's anvil answers a read at its newest
      // block from its live state while it mines the next one (docs/watches.md)
      Thread.sleep(1_000);
      long block = spend(watch.holder());

      Watches.await(
          () -> "the change is delivered: " + Watches.state(pool, List.of(watch.id())),
          () -> !receiver.received().isEmpty());
      assertFalseAt(Watches.deliveryOf(receiver, watch.key(), watch.id(), watch.secret()), block);
    }
  }

  /**
   * A change in a block no evaluation read: the watch's verdict last read at an empty block L, then
   * the transfer mined at L + 1 and five empty blocks after it in one call, so the next head the
   * service hears of is L + 6. The change is delivered signed at L + 1, the block that made it
   * (found by reading the watch again at blocks between), and verified by the SDK there.
   */
  @Test
  void aChangeInABlockNoEvaluationRead_isSignedAtThatBlock() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      Created watch = create(receiver);
      Thread.sleep(1_500); // evaluated at the head of its holder's funding; none due now
      Payments.mine(10, 1); // a head that changes nothing: the watch's verdict is read there
      long lower = Devnet.shared().rpc(10).blockNumber();
      Watches.await(
          () -> "the verdict's block is kept: " + Watches.state(pool, List.of(watch.id())),
          () -> Long.valueOf(lower).equals(verdictBlock(watch.id())));

      JsonRpc rpc = Devnet.shared().rpc(10);
      String tx;
      rpc.call("evm_setAutomine", false);
      try {
        tx =
            rpc.call(
                    "eth_sendTransaction",
                    Map.of(
                        "from",
                        watch.holder(),
                        "to",
                        token,
                        "data",
                        "0xa9059cbb" + Payments.word(SINK) + Payments.word(BigInteger.valueOf(5)),
                        "gas",
                        "0x30d40"))
                .asText();
        rpc.call("anvil_mine", "0x6"); // the transfer in the first block, five empty ones after
      } finally {
        rpc.call("evm_setAutomine", true);
      }
      assertThat(Payments.succeeded(10, tx)).isTrue();
      long block = Long.decode(rpc.minedReceipt(tx).get("blockNumber").asText());
      assertThat(block).isEqualTo(lower + 1);
      assertThat(rpc.blockNumber()).isEqualTo(lower + 6);

      Watches.await(
          () -> "the change is delivered: " + Watches.state(pool, List.of(watch.id())),
          () -> !receiver.received().isEmpty());
      assertFalseAt(Watches.deliveryOf(receiver, watch.key(), watch.id(), watch.secret()), block);
      assertThat(verdictBlock(watch.id())).isEqualTo(block);
    }
  }

  private Long verdictBlock(String id) {
    return pool.preparedQuery("select verdict_block from watch where id = $1")
        .execute(Tuple.of(id))
        .await()
        .atMost(Duration.ofSeconds(30))
        .iterator()
        .next()
        .getLong("verdict_block");
  }

  /** A watch, its key, its holder's address and its webhook secret. */
  private record Created(TestKeys.TestKey key, String holder, String id, String secret) {}

  /** A watch of a fresh holder of 5 units (threshold 5: met), delivering to {@code receiver}. */
  private Created create(WebhookReceiver receiver) throws InterruptedException {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    String holder = Payments.fundedWallet(10, token, 5);
    Response created =
        Watches.createPassing(
            key, body(holder, tokenBalance(10, token, "0.000005")), receiver.url());
    assertThat(created.jsonPath().getBoolean("data.watch.pass")).isTrue();
    return new Created(
        key,
        holder,
        created.jsonPath().getString("data.watch.id"),
        created.jsonPath().getString("data.webhookSecret"));
  }

  private static List<String> ids(List<Created> watches) {
    return watches.stream().map(Created::id).toList();
  }

  /** The attestation shows {@code pass} false, its condition read at {@code block}. */
  private static void assertFalseAt(VerifiedAttestation attestation, long block) {
    assertThat(attestation.pass()).isFalse();
    JsonNode result = attestation.results().get(0).asJson();
    assertThat(Long.decode(result.get("blockNumber").asText())).isEqualTo(block);
  }

  private double reads() {
    Counter reads =
        registry
            .find("walletstate.chain.round.trips")
            .tag("chain", "10")
            .tag("operation", "read")
            .counter();
    return reads == null ? 0 : reads.count();
  }

  /** Sends the holder's 5 units away; the block the transfer is in. */
  private static long spend(String holder) {
    String tx =
        Payments.transfer(
            10, holder, Devnet.shared().manifest().chain(10).address("token6"), SINK, 5);
    assertThat(Payments.succeeded(10, tx)).isTrue();
    return Long.decode(Devnet.shared().rpc(10).minedReceipt(tx).get("blockNumber").asText());
  }
}
