package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.viewCall;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
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
 * A watch whose contract fails the chain's shared read does not hold back the other watches on that
 * chain. On the devnet, two watched contracts answer {@code true} when their watches are created
 * and then change their code (as an upgradeable proxy may): one to return 3 MB, over the
 * node-answer bound, which fails the whole JSON-RPC exchange its request went out in (the other
 * watches' reads with it), the other to spend all its gas. Two ordinary watches on the same chain
 * are evaluated meanwhile: a real transfer is delivered once and verifies with the SDK; the hostile
 * watches show {@code read_failed}, failed alone, deliver nothing and are charged nothing beyond
 * their creation.
 *
 * <p>The evaluation runs every 300 ms here ({@link WebhookTestResource}). Each code change is
 * followed by a mined block: the chain reader caches answers per block, so without a new block the
 * watched contract's answer at the creation's block would be read from the cache, unchanged.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(WebhookTestResource.class)
class WatchIsolationTest {

  private static final String SINK = "0x000000000000000000000000000000000000dEaD";

  /** Addresses no other test uses; digits only, so their checksums are themselves. */
  private static final String HUGE = "0x0000000000000000000000000000000000666661";

  private static final String BURNER = "0x0000000000000000000000000000000000666662";

  /** Runtime code: returns the word 1 (a true boolean) whatever the call data. */
  private static final String RETURNS_TRUE = "0x600160005260206000f3";

  /** Runtime code: RETURN(0, 3_000_000). */
  private static final String RETURNS_3_MB = "0x622dc6c06000f3";

  /** Runtime code: JUMPDEST PUSH1 0 JUMP, a loop that spends all its gas. */
  private static final String SPENDS_ALL_GAS = "0x5b600056";

  private static final long CREDITS = 100;

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final String token = devnet.manifest().chain(10).address("token6");

  private void code(String address, String code) {
    devnet.rpc(10).call("anvil_setCode", address, code);
    devnet.rpc(10).call("evm_mine");
  }

  @AfterEach
  void removeTheContracts() {
    code(HUGE, "0x");
    code(BURNER, "0x");
  }

  @Test
  void hostileContracts_failOnlyTheirOwnWatches_andTheOthersDeliverOnce() throws Exception {
    TestKeys.TestKey owner = TestKeys.create(pool, CREDITS, 1000, KeyVersion.V2);
    TestKeys.TestKey attacker = TestKeys.create(pool, CREDITS, 1000, KeyVersion.V2);
    String spender = Payments.fundedWallet(10, token, 5);
    String keeper = Payments.fundedWallet(10, token, 5);
    code(HUGE, RETURNS_TRUE);
    code(BURNER, RETURNS_TRUE);
    try (WebhookReceiver changes = new WebhookReceiver(0);
        WebhookReceiver steady = new WebhookReceiver(0);
        WebhookReceiver hostile = new WebhookReceiver(0)) {
      Response spending =
          Watches.create(owner, body(spender, tokenBalance(10, token, "0.000005")), changes.url());
      String steadyId = created(owner, keeper, steady);
      String hugeId = hostile(attacker, HUGE, hostile);
      String burnerId = hostile(attacker, BURNER, hostile);

      code(HUGE, RETURNS_3_MB);
      code(BURNER, SPENDS_ALL_GAS);
      String tx = Payments.transfer(10, spender, token, SINK, 5);
      assertThat(Payments.succeeded(10, tx)).isTrue();
      long block = Long.decode(devnet.rpc(10).minedReceipt(tx).get("blockNumber").asText());
      Watches.await("the change is delivered", () -> !changes.received().isEmpty());
      for (String id : List.of(hugeId, burnerId)) {
        Watches.await(
            "the hostile watch " + id + " failed alone",
            () -> detail(attacker, id).startsWith("failed alone "));
      }
      Thread.sleep(2_000); // more evaluations and delivery runs: nothing more may arrive

      VerifiedAttestation delivered =
          Watches.onlyDelivery(changes, spending.jsonPath().getString("data.webhookSecret"));
      assertThat(delivered.pass()).isFalse();
      assertThat(Long.decode(delivered.results().get(0).asJson().get("blockNumber").asText()))
          .isEqualTo(block);
      assertThat(Ledger.entries(pool, owner.id()))
          .extracting(Ledger.Entry::requestId)
          .containsOnlyOnce(delivered.id());
      Response steadyNow = Watches.watch(owner, steadyId);
      assertThat(steadyNow.jsonPath().getString("data.status")).isEqualTo("active");
      assertThat(steady.received()).isEmpty();

      assertThat(hostile.received()).isEmpty();
      for (String id : List.of(hugeId, burnerId)) {
        Response watch = Watches.watch(attacker, id);
        assertThat(watch.jsonPath().getString("data.status")).isEqualTo("read_failed");
        assertThat(watch.jsonPath().getBoolean("data.pass")).isTrue();
        assertThat(Watches.deliveries(attacker, id).jsonPath().getList("data.deliveries"))
            .isEmpty();
      }
      // the two creations (the first attestations) and nothing for the failed reads
      assertThat(Ledger.balance(pool, attacker.id())).isEqualTo(CREDITS - 2);
    }
  }

  private String created(TestKeys.TestKey key, String holder, WebhookReceiver receiver) {
    return Watches.create(key, body(holder, tokenBalance(10, token, "0.000005")), receiver.url())
        .jsonPath()
        .getString("data.watch.id");
  }

  private String hostile(TestKeys.TestKey key, String contract, WebhookReceiver receiver) {
    String holder = devnet.manifest().wallet("holder").address();
    Response created =
        Watches.create(
            key, body(holder, viewCall(10, contract, "isAllowed(address)")), receiver.url());
    assertThat(created.jsonPath().getBoolean("data.watch.pass")).isTrue();
    return created.jsonPath().getString("data.watch.id");
  }

  private static String detail(TestKeys.TestKey key, String id) {
    String detail = Watches.watch(key, id).jsonPath().getString("data.statusDetail");
    return detail == null ? "" : detail;
  }
}
