package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
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
import org.walletstate.adapters.http.testbed.NonEvmTwoProviders;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.XrplReplay;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.InsufficientAssuranceException;
import org.walletstate.verifier.ReadAssurance;
import org.walletstate.verifier.VerifiedDiscount;

/**
 * {@code "assurance"} on discount codes, end to end: a store whose one token (dUSD, Bronze from
 * 1000) is on chain 1, read for quorum requests from the two forks of {@link
 * AttestQuorumTest.TwoProviders}. The holder's 1500.25 dUSD earns 5%, so every code costs the
 * owner. A test that replaces the store's tokens with an XRPL and a Solana one reads those chains
 * from the two replay servers of {@link NonEvmTwoProviders}.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(AttestQuorumTest.TwoProviders.class)
@WithTestResource(NonEvmTwoProviders.class)
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

  /**
   * One block at the same number and timestamp on both forks; on the second, the holder sent 1 dUSD
   * (raw 1000000) away in it, so the balance read there is another one.
   */
  private static void secondForkSendsOneDusdAway() {
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
  }

  @Test
  void aForkWithOtherStateAtTheSameBlock_isA503_saysTheProvidersDisagree_signsAndChargesNothing() {
    secondForkSendsOneDusdAway();

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
  void malformedAssurance_is400_andChargesNothing() {
    for (Object wrong : List.of("best", 2)) {
      Response response = verify(wrong);
      assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
    }
    Response text = verify("best");
    assertThat(text.jsonPath().getString("error.message"))
        .isEqualTo(
            "assurance \"best\" is not supported; send \"single\" or \"quorum\", or leave it out");
    assertThat(codes()).isZero();
    assertThat(Ledger.balance(pool, owner.id())).isEqualTo(100);
  }

  private static Response check(String query) {
    return given().get("/v1/discount/check?" + query);
  }

  @Test
  void theCheck_withQuorum_listsQuorumTwoOfTwoUnsigned_andChargesAndStoresNothing() {
    Response response = check("merchant=" + store + "&wallet=" + HOLDER + "&assurance=quorum");

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    assertThat(response.jsonPath().getInt("data.discountPercent")).isEqualTo(5);
    assertThat(response.jsonPath().getList("data.readAssurance"))
        .containsExactly(Map.of("chainId", 1, "mode", "quorum", "providers", 2, "of", 2));
    assertThat(response.asString()).doesNotContain("signature").doesNotContain("\"code\"");
    Response single = check("merchant=" + store + "&wallet=" + HOLDER + "&assurance=single");
    assertThat(single.jsonPath().getList("data.readAssurance"))
        .containsExactly(Map.of("chainId", 1, "mode", "single", "providers", 1, "of", 1));
    Response without = check("merchant=" + store + "&wallet=" + HOLDER);
    assertThat(without.statusCode()).as(without.asString()).isEqualTo(200);
    assertThat(without.asString()).doesNotContain("readAssurance");
    assertThat(codes()).isZero();
    assertThat(Ledger.entries(pool, owner.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
  }

  @Test
  void theCheck_refusesAnotherWordWith400_andADisagreementWith503() {
    for (String wrong : List.of("best", "Quorum")) {
      Response response = check("merchant=" + store + "&wallet=" + HOLDER + "&assurance=" + wrong);
      assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
      assertThat(response.jsonPath().getString("error.message"))
          .isEqualTo(
              "assurance \""
                  + wrong
                  + "\" is not supported; send \"single\" or \"quorum\", or leave it out");
    }
    secondForkSendsOneDusdAway();

    Response response = check("merchant=" + store + "&wallet=" + HOLDER + "&assurance=quorum");

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getString("error.failedConditions[0].message"))
        .isEqualTo(ChainObservation.HeadUnavailable.DISAGREED);
    assertThat(Ledger.balance(pool, owner.id())).isEqualTo(100);
  }

  /**
   * The store's tokens become RUSD on the XRP Ledger (5% from 100) and SOLT on Solana (10% from
   * 1000); both providers of each chain hold 150.25 RUSD and 2000.5 SOLT for the wallets.
   */
  private NonEvmTwoProviders.States xrplAndSolanaTokens() {
    String tokens =
        "{\"ownToken\":{\"symbol\":\"RUSD\",\"chainId\":\"xrpl\",\"contractAddress\":\""
            + AttestSolanaXrplTest.ISSUER
            + "\",\"currency\":\"USD\",\"decimals\":6,\"tiers\":"
            + DiscountsSolanaXrplTest.tiers("100", 5)
            + "},\"partnerTokens\":[{\"symbol\":\"SOLT\",\"chainId\":\"solana\","
            + "\"contractAddress\":\""
            + AttestSolanaXrplTest.MINT
            + "\",\"decimals\":6,\"tiers\":"
            + DiscountsSolanaXrplTest.tiers("1000", 10)
            + "}]}";
    DiscountsTest.put(owner.secret(), store, "tokens", tokens);
    return new NonEvmTwoProviders.States()
        .xrpl(ledger -> rusd(ledger, "150.25"))
        .solana(
            chain ->
                soltAccount(
                    chain
                        .clear()
                        .slot(341197933)
                        .wallet(AttestSolanaXrplTest.SOL_WALLET, 2_500_000_000L)
                        .mint(AttestSolanaXrplTest.MINT, 6, SolanaReplay.TOKEN),
                    "2000500000"));
  }

  /** The XRPL wallet with a line of {@code balance} RUSD, and its issuer. */
  private static void rusd(XrplReplay ledger, String balance) {
    ledger
        .clear()
        .account(AttestSolanaXrplTest.XRPL_WALLET, "25000000", 0)
        .account(AttestSolanaXrplTest.ISSUER, "1000000000", 0)
        .line(
            AttestSolanaXrplTest.XRPL_WALLET,
            AttestSolanaXrplTest.ISSUER,
            "USD",
            balance,
            false,
            false,
            false);
  }

  /** The Solana wallet's SOLT token account, holding {@code raw} (6 decimals). */
  private static SolanaReplay soltAccount(SolanaReplay chain, String raw) {
    return chain.tokenAccount(
        AttestSolanaXrplTest.ATA,
        AttestSolanaXrplTest.SOL_WALLET,
        AttestSolanaXrplTest.MINT,
        raw,
        6,
        SolanaReplay.TOKEN);
  }

  private Map<String, Object> xrplAndSolanaBody() {
    Map<String, Object> body = new HashMap<>();
    body.put("merchantId", store);
    body.put("xrplWallet", AttestSolanaXrplTest.XRPL_WALLET);
    body.put("solanaWallet", AttestSolanaXrplTest.SOL_WALLET);
    body.put("assurance", "quorum");
    return body;
  }

  @Test
  void xrplAndSolanaWallets_withQuorum_signQuorumTwoOfTwoPerChain_andChargeTwoCredits()
      throws Exception {
    xrplAndSolanaTokens().serve();

    Response response = DiscountsTest.post(owner.secret(), "/v1/verify", xrplAndSolanaBody());

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    assertThat(response.jsonPath().getInt("data.discountPercent")).isEqualTo(10);
    VerifiedDiscount discount = DiscountsTest.sdk(response.asString());
    assertThat(discount.readAssurance())
        .contains(
            Map.of(
                "xrpl", new ReadAssurance("quorum", 2, 2),
                "solana", new ReadAssurance("quorum", 2, 2)));
    assertThat(discount.requireQuorum(2)).isSameAs(discount);
    assertThatThrownBy(() -> discount.requireQuorum(3))
        .isInstanceOf(InsufficientAssuranceException.class);
    for (var provider :
        List.of(NonEvmTwoProviders.xrplServers(), NonEvmTwoProviders.solanaServers())) {
      provider.forEach(server -> assertThat(server.requests()).isNotEmpty());
    }
    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(2);
    assertThat(Ledger.balance(pool, owner.id())).isEqualTo(98);
    assertThat(codes()).isEqualTo(1);

    Response preview =
        check(
            "merchant="
                + store
                + "&xrplWallet="
                + AttestSolanaXrplTest.XRPL_WALLET
                + "&assurance=quorum");
    assertThat(preview.statusCode()).as(preview.asString()).isEqualTo(200);
    assertThat(preview.jsonPath().getInt("data.discountPercent")).isEqualTo(5);
    assertThat(preview.jsonPath().getList("data.readAssurance"))
        .containsExactly(Map.of("chainId", "xrpl", "mode", "quorum", "providers", 2, "of", 2));
    assertThat(Ledger.balance(pool, owner.id())).isEqualTo(98);
  }

  @Test
  void anXrplOrSolanaProviderWithAnotherBalance_isA503_unsignedUnstoredAndUncharged() {
    NonEvmTwoProviders.States xrpl = xrplAndSolanaTokens();
    rusd(xrpl.xrplTwo, "150.24");
    xrpl.serve();
    assertDisagreedOn("xrpl");

    NonEvmTwoProviders.States solana = xrplAndSolanaTokens();
    soltAccount(solana.solanaTwo, "2000400000");
    solana.serve();
    assertDisagreedOn("solana");

    assertThat(codes()).isZero();
    assertThat(Ledger.balance(pool, owner.id())).isEqualTo(100);
  }

  private void assertDisagreedOn(String chain) {
    Response response = DiscountsTest.post(owner.secret(), "/v1/verify", xrplAndSolanaBody());
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getList("error.failedConditions")).hasSize(1);
    assertThat(response.jsonPath().getString("error.failedConditions[0].source"))
        .isEqualTo("chain_read");
    assertThat(response.jsonPath().getString("error.failedConditions[0].chainId")).isEqualTo(chain);
    assertThat(response.jsonPath().getString("error.failedConditions[0].message"))
        .isEqualTo(ChainObservation.HeadUnavailable.DISAGREED);
    assertThat(response.asString()).doesNotContain("verification");
  }

  private static <T> List<T> iterable(java.util.Iterator<T> names) {
    List<T> all = new java.util.ArrayList<>();
    names.forEachRemaining(all::add);
    return all;
  }
}
