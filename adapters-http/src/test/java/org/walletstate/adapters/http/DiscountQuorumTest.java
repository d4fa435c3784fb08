package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.InsufficientAssuranceException;
import org.walletstate.verifier.ReadAssurance;
import org.walletstate.verifier.VerifiedDiscount;

/**
 * {@code "assurance"} on discount codes, end to end: a store whose one token (dUSD, Bronze from
 * 1000) is on chain 1, read for quorum requests from the two forks of {@link
 * AttestQuorumTest.TwoProviders}. The holder's 1500.25 dUSD earns 5%, so every code costs the
 * owner.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(AttestQuorumTest.TwoProviders.class)
class DiscountQuorumTest {

  private static final DevnetManifest M = Devnet.shared().manifest();
  private static final String HOLDER = M.wallet("holder").address();

  @Inject Pool pool;

  private TestKeys.TestKey owner;
  private String store;
  private String snapshotOne;
  private String snapshotTwo;

  @BeforeEach
  void storeOnChainOne() {
    snapshotOne = AttestQuorumTest.TwoProviders.one.rpc().call("evm_snapshot").asText();
    snapshotTwo = AttestQuorumTest.TwoProviders.two.rpc().call("evm_snapshot").asText();
    owner = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
    store = "q-" + UUID.randomUUID().toString().substring(0, 10);
    MerchantsTest.as(owner.secret())
        .body(Map.of("companyName", "Quorum " + store, "companyId", store))
        .post("/v1/merchants")
        .then()
        .statusCode(200);
    String token =
        DiscountsTest.token(
            "dUSD",
            1,
            M.chain(1).address("token6"),
            "[{\"name\":\"Bronze\",\"threshold\":\"1000\",\"discount\":5}]",
            null);
    DiscountsTest.put(owner.secret(), store, "tokens", "{\"ownToken\":" + token + "}");
  }

  @AfterEach
  void undo() {
    AttestQuorumTest.TwoProviders.one.rpc().call("evm_revert", snapshotOne);
    AttestQuorumTest.TwoProviders.two.rpc().call("evm_revert", snapshotTwo);
  }

  private Response verify(Object assurance) {
    Map<String, Object> body = new HashMap<>(DiscountsTest.body(store, HOLDER));
    if (assurance != null) {
      body.put("assurance", assurance);
    }
    return DiscountsTest.post(owner.secret(), "/v1/verify", body);
  }

  private long codes() {
    return DiscountsTest.one(
            pool, "select count(*) as n from discount_code where merchant_id = $1", store)
        .getLong("n");
  }

  @Test
  void agreeingProviders_signQuorumTwoOfTwo_verifiedBySdk_andChargeTwoCreditsOnce()
      throws Exception {
    Response response = verify("quorum");

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    assertThat(response.jsonPath().getInt("data.discountPercent")).isEqualTo(5);
    VerifiedDiscount discount = DiscountsTest.sdk(response.asString());
    assertThat(discount.readAssurance()).contains(Map.of("1", new ReadAssurance("quorum", 2, 2)));
    assertThat(discount.requireQuorum(2)).isSameAs(discount);
    assertThat(List.copyOf(iterable(discount.asJson().fieldNames())))
        .endsWith("createdAt", "expiresAt", "readAssurance");
    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(2);
    assertThat(Ledger.balance(pool, owner.id())).isEqualTo(98);
    assertThat(codes()).isEqualTo(1);
  }

  @Test
  void withoutTheOption_nothingMoreIsSigned_andOneCreditIsCharged() throws Exception {
    Response response = verify(null);

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    VerifiedDiscount discount = DiscountsTest.sdk(response.asString());
    assertThat(discount.readAssurance()).isEmpty();
    assertThat(discount.asJson().has("readAssurance")).isFalse();
    assertThatThrownBy(() -> discount.requireQuorum(2))
        .isInstanceOf(InsufficientAssuranceException.class);
    assertThat(Ledger.balance(pool, owner.id())).isEqualTo(99);
  }

  @Test
  void aForkWithOtherStateAtTheSameBlock_isA503_saysTheProvidersDisagree_signsAndChargesNothing() {
    // one block at the same number and timestamp on both forks; on the second, the holder sent
    // 1 dUSD (raw 1000000) away in it, so the balance read there is another one
    var one = AttestQuorumTest.TwoProviders.one.rpc();
    var two = AttestQuorumTest.TwoProviders.two.rpc();
    long timestamp =
        Long.decode(one.call("eth_getBlockByNumber", "latest", false).path("timestamp").asText())
            + 12;
    String empty = M.wallet("empty").address().substring(2).toLowerCase(java.util.Locale.ROOT);
    String transfer = "0xa9059cbb" + "0".repeat(24) + empty + String.format("%064x", 1_000_000L);
    two.call("evm_setAutomine", false);
    two.call("anvil_impersonateAccount", HOLDER);
    two.call(
        "eth_sendTransaction",
        Map.of("from", HOLDER, "to", M.chain(1).address("token6"), "data", transfer));
    one.call("evm_mine", timestamp);
    two.call("evm_mine", timestamp);
    two.call("anvil_stopImpersonatingAccount", HOLDER);
    two.call("evm_setAutomine", true);

    Response response = verify("quorum");

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getList("error.failedConditions"))
        .containsExactly(
            Map.of(
                "source",
                "chain_read",
                "chainId",
                1,
                "message",
                ChainObservation.HeadUnavailable.DISAGREED));
    assertThat(response.asString()).doesNotContain("verification");
    assertThat(codes()).isZero();
    assertThat(Ledger.balance(pool, owner.id())).isEqualTo(100);
  }

  @Test
  void malformedAssurance_orAQuorumWithAnXrplWallet_is400_andChargesNothing() {
    for (Object wrong : List.of("best", 2)) {
      Response response = verify(wrong);
      assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
    }
    Response text = verify("best");
    assertThat(text.jsonPath().getString("error.message"))
        .isEqualTo(
            "assurance \"best\" is not supported; send \"single\" or \"quorum\", or leave it out");
    Map<String, Object> xrpl = new HashMap<>();
    xrpl.put("merchantId", store);
    xrpl.put("xrplWallet", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh");
    xrpl.put("assurance", "quorum");
    Response family = DiscountsTest.post(owner.secret(), "/v1/verify", xrpl);
    assertThat(family.statusCode()).as(family.asString()).isEqualTo(400);
    assertThat(family.jsonPath().getString("error.message"))
        .startsWith("assurance \"quorum\" is not available on XRPL chains (xrplWallet)");
    assertThat(codes()).isZero();
    assertThat(Ledger.balance(pool, owner.id())).isEqualTo(100);
  }

  private static <T> List<T> iterable(java.util.Iterator<T> names) {
    List<T> all = new java.util.ArrayList<>();
    names.forEachRemaining(all::add);
    return all;
  }
}
