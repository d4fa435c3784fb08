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
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Watches;
import org.walletstate.adapters.http.testbed.WebhookReceiver;
import org.walletstate.devnet.Devnet;
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
          "walletstate.chains.evm-reads.head-following", "true",
          "walletstate.chains.evm-reads.head-poll-interval", "200ms",
          "walletstate.watches.evaluate-every", "1h",
          "walletstate.watches.deliver-every", "200ms",
          "walletstate.watches.test.allow-http", "true",
          "walletstate.watches.test.allowed-loopback-addresses", "127.0.0.1");
    }
  }

  private static final String SINK = "0x000000000000000000000000000000000000dEaD";

  @Inject Pool pool;
  @Inject MeterRegistry registry;

  private final String token = Devnet.shared().manifest().chain(10).address("token6");

  @Test
  void aTransfer_isDeliveredAtTheNextHead_withoutTheTimer() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    String holder = Payments.fundedWallet(10, token, 5);
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      Response created =
          Watches.create(key, body(holder, tokenBalance(10, token, "0.000005")), receiver.url());
      assertThat(created.jsonPath().getBoolean("data.watch.pass")).isTrue();
      String secret = created.jsonPath().getString("data.webhookSecret");

      long block = spend(holder);
      Watches.await("the change is delivered", () -> !receiver.received().isEmpty());

      VerifiedAttestation attestation = Watches.onlyDelivery(receiver, secret);
      assertThat(attestation.pass()).isFalse();
      JsonNode result = attestation.results().get(0).asJson();
      assertThat(Long.decode(result.get("blockNumber").asText())).isEqualTo(block);
    }
  }

  /**
   * Five watches on chain 10, each changed by its own transfer (a block each, 2.5 s apart): every
   * head the evaluation ran at cost one read round trip for all five, never one per watch.
   */
  @Test
  @Disabled(
      "on a loaded machine not every one of the five changes was delivered within 60 s after the"
          + " head-triggered evaluation was merged with the isolation of failing watches; the cause"
          + " is not established (docs/watches.md, Not covered yet)")
  void theWatchesOfOneChain_areReadInOneRoundPerBlock() throws Exception {
    int watches = 5;
    List<String> holders = new ArrayList<>();
    try (WebhookReceiver receiver = new WebhookReceiver(0)) {
      for (int i = 0; i < watches; i++) {
        TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
        String holder = Payments.fundedWallet(10, token, 5);
        holders.add(holder);
        Watches.create(key, body(holder, tokenBalance(10, token, "0.000005")), receiver.url());
      }
      // every watch evaluated once at a head after its creation, none due yet
      Thread.sleep(1_500);
      long firstBlock = Devnet.shared().rpc(10).blockNumber();
      double readsBefore = reads();

      for (String holder : holders) {
        spend(holder);
        // a head within the same-head window (1 s) of the last evaluation does not take a watch
        Thread.sleep(2_500);
      }
      Watches.await("every change is delivered", () -> receiver.received().size() == watches);
      Thread.sleep(1_000);
      long blocks = Devnet.shared().rpc(10).blockNumber() - firstBlock;
      double rounds = reads() - readsBefore;

      assertThat(blocks).isEqualTo(watches);
      assertThat(rounds).as("read round trips on chain 10 over %d blocks", blocks).isPositive();
      assertThat(rounds).isLessThanOrEqualTo(blocks);
    }
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
