package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.accountCode;
import static org.walletstate.adapters.http.testbed.Conditions.body;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.TrustChainsTestResource;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.devnet.replay.BitcoinReplay;
import org.walletstate.devnet.replay.HorizonReplay;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.SuiReplay;
import org.walletstate.devnet.replay.TronReplay;
import org.walletstate.devnet.replay.XrplReplay;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.ProofVerdict;
import org.walletstate.verifier.ProofVerifier;
import org.walletstate.verifier.TrustProfileReport;
import org.walletstate.verifier.VerifiedTrustProfile;

/**
 * {@code POST /v1/trust} and {@code /v1/trust/batch} end to end on the devnet: 23 EVM chains (1,
 * 8453 and 10 on the devnet's anvils, the other 20 on their own light anvils with the list's
 * contracts at their production addresses, every chain behind a pass-through proxy), every profile
 * signed and checked by the SDK, the ledger balanced.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class TrustProfileTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> BASE_DIMENSIONS =
      List.of(
          "stablecoins",
          "governance",
          "nfts",
          "staking",
          "institutional_stablecoins",
          "tokenized_treasuries",
          "stablecoin_deposits",
          "wrapped_bitcoin",
          "names",
          "account");

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest m = devnet.manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();
  private TestKeys.TestKey key;

  @BeforeEach
  void freshHeadsAndKey() {
    chain10.reset();
    for (long chain : List.of(1L, 8453L, 10L)) {
      devnet.rpc(chain).call("evm_mine");
    }
    // a new head on every light chain too, so no read is answered from the service's read cache
    TrustChainsTestResource.lightChains()
        .rpcUrls()
        .keySet()
        .forEach(chain -> TrustChainsTestResource.anvil(chain).call("evm_mine"));
    key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
  }

  @AfterEach
  void passEverythingAgain() {
    chain10.reset();
  }

  private String wallet(String name) {
    return m.wallet(name).address();
  }

  private Response trust(Object body) {
    return given()
        .header("X-API-Key", key.secret())
        .contentType(ContentType.JSON)
        .body(body)
        .post("/v1/trust");
  }

  private Response batch(Object body) {
    return given()
        .header("X-API-Key", key.secret())
        .contentType(ContentType.JSON)
        .body(body)
        .post("/v1/trust/batch");
  }

  /** Asserts the SDK accepts the profile in full (signature, ML-DSA companion, expiry). */
  private static VerifiedTrustProfile verifiedProfile(String response) {
    TrustProfileReport report = Verifier.fromServedKeys().reportTrustProfile(response);
    assertThat(report.valid()).as(report + "\n" + response).isTrue();
    try {
      return Verifier.fromServedKeys().verifyTrustProfile(response);
    } catch (Exception e) {
      throw new AssertionError("the SDK rejected a profile its report accepted", e);
    }
  }

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (Exception e) {
      throw new AssertionError(text, e);
    }
  }

  private static JsonNode check(JsonNode trust, String dimension, String label) {
    for (JsonNode check : trust.get("dimensions").get(dimension).get("checks")) {
      if (check.get("label").asText().equals(label)) {
        return check;
      }
    }
    throw new AssertionError("no check " + label + " in " + dimension);
  }

  private static List<String> keys(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void aBareEvmWallet_gets155Checks_inTheFixedOrder_signedVerifiedAndCharged3() {
    Response response = trust(Map.of("wallet", wallet("holder")));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    VerifiedTrustProfile verified = verifiedProfile(response.asString());
    JsonNode trust = verified.asJson();
    assertThat(trust.get("id").asText()).matches("TRST-[0-9a-f]{16}");
    assertThat(verified.conditionSetVersion()).isEqualTo("2026-10-08");
    assertThat(verified.kid()).isEqualTo("service-trust-v2");
    assertThat(response.jsonPath().getString("data.pqKid")).isEqualTo("service-trust-pq1");
    assertThat(keys(trust.get("dimensions"))).isEqualTo(BASE_DIMENSIONS);
    int total = 0;
    for (JsonNode dimension : trust.get("dimensions")) {
      int checks = dimension.get("checks").size();
      assertThat(dimension.get("total").asInt()).isEqualTo(checks);
      assertThat(
              dimension.get("passCount").asInt()
                  + dimension.get("failCount").asInt()
                  + dimension.get("notEvaluatedCount").asInt())
          .isEqualTo(checks);
      total += checks;
    }
    assertThat(total).isEqualTo(155);
    JsonNode summary = trust.get("summary");
    assertThat(summary.get("totalChecks").asInt()).isEqualTo(155);
    assertThat(
            summary.get("totalPassed").asInt()
                + summary.get("totalFailed").asInt()
                + summary.get("totalNotEvaluated").asInt())
        .isEqualTo(155);
    assertThat(
            trust.get("dimensions").get("stablecoins").get("checks").get(0).get("label").asText())
        .isEqualTo("USDC on Ethereum");

    // every EVM row is read on its own chain and gives the scenario's answer for the holder
    Map<String, Boolean> expected = TrustChainsTestResource.holderExpectations();
    Map<String, Boolean> served = new LinkedHashMap<>();
    int notProvided = 0;
    for (String dimension : BASE_DIMENSIONS) {
      int pass = 0;
      int fail = 0;
      for (JsonNode row : trust.get("dimensions").get(dimension).get("checks")) {
        assertThat(row.path("met").isBoolean()).as(row.toString()).isTrue();
        if (!row.has("evaluated")) {
          served.put(dimension + "/" + row.get("label").asText(), row.get("met").asBoolean());
          if (row.get("met").asBoolean()) {
            pass++;
          } else {
            fail++;
          }
        } else {
          assertThat(row.get("reason").asText())
              .as(row.toString())
              .isEqualTo("wallet_not_provided");
          notProvided++;
        }
      }
      assertThat(trust.get("dimensions").get(dimension).get("passCount").asInt())
          .as(dimension)
          .isEqualTo(pass);
      assertThat(trust.get("dimensions").get(dimension).get("failCount").asInt())
          .as(dimension)
          .isEqualTo(fail);
    }
    assertThat(served).isEqualTo(expected);
    assertThat(served.values()).contains(true, false);
    long passes = expected.values().stream().filter(b -> b).count();
    assertThat(summary.get("totalPassed").asLong()).isEqualTo(passes);
    assertThat(summary.get("totalFailed").asLong()).isEqualTo(expected.size() - passes);
    assertThat(summary.get("totalNotEvaluated").asInt()).isEqualTo(notProvided);
    assertThat(expected.size() + notProvided).isEqualTo(155);

    JsonNode usdc = check(trust, "stablecoins", "USDC on Base");
    assertThat(keys(usdc))
        .containsExactly(
            "label",
            "chainId",
            "met",
            "evaluatedCondition",
            "conditionHash",
            "blockNumber",
            "blockTimestamp");
    assertThat(usdc.get("met").asBoolean()).isTrue();
    assertThat(usdc.get("evaluatedCondition").get("operator").asText()).isEqualTo("gt");
    JsonNode solana = check(trust, "institutional_stablecoins", "PYUSD on Solana");
    assertThat(solana.get("evaluated").asBoolean()).isFalse();
    assertThat(solana.get("reason").asText()).isEqualTo("wallet_not_provided");
    assertThat(solana.get("requires").asText()).isEqualTo("solanaWallet");
    assertThat(solana.has("blockNumber")).isFalse();
    assertThat(
            trust
                .get("dimensions")
                .get("institutional_stablecoins")
                .get("notEvaluatedCount")
                .asInt())
        .isGreaterThanOrEqualTo(6);

    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(3);
    assertThat(response.jsonPath().getInt("meta.creditsRemaining")).isEqualTo(97);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(97);
  }

  @Test
  void accountRows_haveAttestsConditionHash_andTellContractFromDelegation() {
    String contract = wallet("contractAccount");
    String delegated = wallet("delegated7702");
    Response attested = attest(key.secret(), body(contract, accountCode(1, "contract")));
    verified(attested);
    String attestHash =
        json(attested.asString())
            .get("data")
            .get("attestation")
            .get("results")
            .get(0)
            .get("conditionHash")
            .asText();

    JsonNode ofContract = verifiedProfile(trust(Map.of("wallet", contract)).asString()).asJson();
    JsonNode ofDelegated = verifiedProfile(trust(Map.of("wallet", delegated)).asString()).asJson();

    JsonNode row = check(ofContract, "account", "Contract code present on Ethereum");
    assertThat(row.get("conditionHash").asText()).isEqualTo(attestHash);
    assertThat(row.get("met").asBoolean()).isTrue();
    assertThat(
            check(ofDelegated, "account", "EIP-7702 delegation present on Base")
                .get("met")
                .asBoolean())
        .isTrue();
    assertThat(
            check(ofDelegated, "account", "Contract code present on Base").get("met").asBoolean())
        .isFalse();
  }

  /** Resets every chain's pass-through proxy, so the next call's requests are counted alone. */
  private static Map<Long, FaultProxy> countedChains() {
    Map<Long, FaultProxy> chains = TrustChainsTestResource.everyChain();
    chains.values().forEach(FaultProxy::reset);
    return chains;
  }

  /** Asserts every chain answered exactly one head read and one batch: 2N requests for N chains. */
  private static void twoRequestsPerChain(Map<Long, FaultProxy> chains) {
    assertThat(chains).hasSize(23);
    long total = 0;
    for (Map.Entry<Long, FaultProxy> chain : chains.entrySet()) {
      var counts = chain.getValue().counts();
      assertThat(counts.requests()).as("chain " + chain.getKey() + ": " + counts).isEqualTo(2);
      assertThat(counts.calls("eth_getBlockByNumber")).as("chain " + chain.getKey()).isEqualTo(1);
      total += counts.requests();
    }
    assertThat(total).isEqualTo(2L * chains.size());
  }

  private List<Map<String, Object>> tenWallets() {
    List<Map<String, Object>> wallets = new ArrayList<>();
    wallets.add(Map.of("wallet", wallet("holder")));
    wallets.add(Map.of("wallet", wallet("empty")));
    wallets.add(Map.of("wallet", wallet("contractAccount")));
    wallets.add(Map.of("wallet", wallet("delegated7702")));
    for (int i = 1; i <= 6; i++) {
      wallets.add(Map.of("wallet", String.format("0x%040x", 0x5000 + i)));
    }
    return wallets;
  }

  @Test
  void aProfile_makesTwoHttpRequestsPerChain_aHeadAndOneBatch() {
    Map<Long, FaultProxy> chains = countedChains();

    trust(Map.of("wallet", wallet("holder"))).then().statusCode(200);

    twoRequestsPerChain(chains);
    assertThat(chain10.counts().calls("eth_call")).isEqualTo(1);
    assertThat(chain10.counts().calls("eth_getCode")).isEqualTo(1);
  }

  @Test
  void aTenWalletBatch_alsoMakesTwoHttpRequestsPerChain_everyCodeReadInTheAggregatesBatch() {
    Map<Long, FaultProxy> chains = countedChains();

    Response response = batch(Map.of("wallets", tenWallets()));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    assertThat(response.jsonPath().getMap("data.summary"))
        .isEqualTo(Map.of("requested", 10, "succeeded", 10, "failed", 0));
    twoRequestsPerChain(chains);
    // the five account chains carry the aggregate and ten eth_getCode in their one batch
    for (long accountChain : List.of(1L, 10L, 8453L, 42161L, 137L)) {
      assertThat(chains.get(accountChain).counts().calls("eth_getCode")).isEqualTo(10);
      assertThat(chains.get(accountChain).counts().calls("eth_call")).isEqualTo(1);
    }
    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(30);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(70);
  }

  @Test
  void aBatchWalletWhoseReadsFail_getsAnErrorEntry_andOnlySignedProfilesAreCharged() {
    String failing = wallet("empty");
    chain10.install(
        Rule.of(
            Match.callWith("eth_getCode", failing), Fault.rpcError(-32000, "header not found")));

    Response response =
        batch(
            Map.of(
                "wallets",
                List.of(
                    Map.of("wallet", wallet("holder")),
                    Map.of("wallet", failing),
                    Map.of("wallet", wallet("contractAccount")))));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    JsonNode data = json(response.asString()).get("data");
    assertThat(data.get("summary").toString())
        .isEqualTo("{\"requested\":3,\"succeeded\":2,\"failed\":1}");
    JsonNode error = data.get("results").get(1);
    assertThat(keys(error)).containsExactly("ok", "wallet", "error");
    assertThat(error.get("ok").asBoolean()).isFalse();
    assertThat(error.get("wallet").asText()).isEqualTo(failing);
    assertThat(error.get("error").get("code").asText()).isEqualTo("rpc_failure");
    assertThat(error.get("error").get("failedConditions").toString())
        .isEqualTo(
            "[{\"source\":\"chain_read\",\"chainId\":10,"
                + "\"message\":\"account code could not be read\"}]");
    verifiedProfile(data.get("results").get(0).toString());
    verifiedProfile(data.get("results").get(2).toString());
    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(6);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(94);
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant", "debit");
  }

  @Test
  void aBatch_readsEveryWalletWithOneHeadAndOneAggregatePerChain() {
    devnet.rpc(10).call("evm_mine");
    chain10.reset();
    Response response =
        batch(
            Map.of(
                "wallets",
                List.of(
                    Map.of("wallet", wallet("holder")),
                    Map.of("wallet", wallet("empty")),
                    Map.of("wallet", wallet("contractAccount")))));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    assertThat(chain10.counts().requests()).as(chain10.counts().toString()).isEqualTo(2);
    assertThat(chain10.counts().calls("eth_getBlockByNumber")).isEqualTo(1);
    assertThat(chain10.counts().calls("eth_call")).isEqualTo(1);
    JsonNode data = json(response.asString()).get("data");
    assertThat(data.get("summary").toString())
        .isEqualTo("{\"requested\":3,\"succeeded\":3,\"failed\":0}");
    List<String> blocks = new ArrayList<>();
    for (JsonNode entry : data.get("results")) {
      JsonNode trust = verifiedProfile(entry.toString()).asJson();
      blocks.add(check(trust, "stablecoins", "USDC on Optimism").get("blockNumber").asText());
    }
    assertThat(blocks).hasSize(3).containsOnly(blocks.get(0));
    assertThat(
            check(
                    json(data.get("results").get(0).toString()).get("trust"),
                    "stablecoins",
                    "USDC on Optimism")
                .get("met")
                .asBoolean())
        .isTrue();
    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(9);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(91);
  }

  @Test
  void oneChainFailing_isA503ForAProfile_andAnErrorEntryPerWalletInABatch_chargingNothing() {
    chain10.install(Rule.of(Match.any(), Fault.status(503)));

    Response single = trust(Map.of("wallet", wallet("holder")));

    assertThat(single.statusCode()).isEqualTo(503);
    assertThat(single.header("Retry-After")).isEqualTo("3");
    assertThat(single.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(single.jsonPath().getList("error.failedConditions"))
        .containsExactly(
            Map.of(
                "source", "chain_head_read",
                "chainId", 10,
                "message", "chain head could not be read"));
    assertThat(single.jsonPath().getString("data")).isNull();

    Response many =
        batch(
            Map.of(
                "wallets",
                List.of(Map.of("wallet", wallet("holder")), Map.of("wallet", wallet("empty")))));

    assertThat(many.statusCode()).as(many.asString()).isEqualTo(200);
    assertThat(many.jsonPath().getMap("data.summary"))
        .isEqualTo(Map.of("requested", 2, "succeeded", 0, "failed", 2));
    assertThat(many.jsonPath().getBoolean("data.results[1].ok")).isFalse();
    assertThat(many.jsonPath().getString("data.results[1].wallet")).isEqualTo(wallet("empty"));
    assertThat(many.jsonPath().getString("data.results[1].error.code")).isEqualTo("rpc_failure");
    assertThat(many.jsonPath().getInt("meta.creditsCharged")).isZero();

    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(100);
  }

  @Test
  void oneLightChainFailingItsBatch_isA503NamingIt_andAnErrorEntryPerWallet_chargingNothing() {
    FaultProxy arbitrum = TrustChainsTestResource.everyChain().get(42161L);
    arbitrum.install(Rule.of(Match.method("eth_call"), Fault.status(502)));
    try {
      Response single = trust(Map.of("wallet", wallet("holder")));

      assertThat(single.statusCode()).as(single.asString()).isEqualTo(503);
      assertThat(single.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
      assertThat(single.jsonPath().getList("error.failedConditions.chainId", Integer.class))
          .containsOnly(42161);
      assertThat(single.jsonPath().getString("data")).isNull();

      Response many =
          batch(
              Map.of(
                  "wallets",
                  List.of(
                      Map.of("wallet", wallet("holder")),
                      Map.of("wallet", wallet("contractAccount")))));

      assertThat(many.statusCode()).as(many.asString()).isEqualTo(200);
      assertThat(many.jsonPath().getMap("data.summary"))
          .isEqualTo(Map.of("requested", 2, "succeeded", 0, "failed", 2));
      for (int i = 0; i < 2; i++) {
        assertThat(many.jsonPath().getBoolean("data.results[" + i + "].ok")).isFalse();
        assertThat(many.jsonPath().getString("data.results[" + i + "].error.code"))
            .isEqualTo("rpc_failure");
      }
      assertThat(many.jsonPath().getString("data.results[1].wallet"))
          .isEqualTo(wallet("contractAccount"));
      assertThat(many.jsonPath().getInt("meta.creditsCharged")).isZero();
      assertThat(Ledger.balance(pool, key.id())).isEqualTo(100);
    } finally {
      arbitrum.reset();
    }
  }

  @Test
  void withProof_tokenRowsCarryStorageProofsTheSdkVerifies_otherRowsDecline_andThePremiumIsKept() {
    otherFamiliesHold();
    Map<String, Object> body = everyWallet(wallet("holder"));
    body.put("proof", "merkle");

    Response response = trust(body);

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    VerifiedTrustProfile verified = verifiedProfile(response.asString());
    JsonNode trust = verified.asJson();
    JsonNode usdcOnBase = check(trust, "stablecoins", "USDC on Base");
    assertThat(usdcOnBase.get("met").asBoolean()).isTrue();
    JsonNode proof = usdcOnBase.get("proof");
    assertThat(proof.get("available").asBoolean()).as(proof.toString()).isTrue();
    assertThat(proof.get("holder").asText()).isEqualTo(wallet("holder"));
    assertThat(proof.get("blockNumber").asText()).isEqualTo(usdcOnBase.get("blockNumber").asText());

    // every available proof, against the header of its block on the anvil that served the chain
    ProofVerifier.Builder roots = ProofVerifier.builder().wallet(wallet("holder"));
    int available = 0;
    for (JsonNode dimension : trust.get("dimensions")) {
      for (JsonNode row : dimension.get("checks")) {
        if (row.has("evaluated")) {
          assertThat(row.has("proof")).as(row.toString()).isFalse();
          continue;
        }
        assertThat(row.has("proof")).as(row.toString()).isTrue();
        if (row.get("proof").get("available").asBoolean()) {
          available++;
          long chain = row.get("chainId").asLong();
          JsonNode header =
              TrustChainsTestResource.anvil(chain).block(row.get("blockNumber").asText());
          roots.trustHeader(chain, header, header.get("hash").asText());
        }
      }
    }
    assertThat(available).isGreaterThanOrEqualTo(3);
    List<ProofVerdict> verdicts = roots.build().verify(verified);
    assertThat(verdicts.stream().filter(v -> v.status() == ProofVerdict.Status.VERIFIED))
        .as(verdicts.toString())
        .hasSize(available);
    assertThat(verdicts)
        .allSatisfy(
            v ->
                assertThat(v.status())
                    .as(v.toString())
                    .isIn(ProofVerdict.Status.VERIFIED, ProofVerdict.Status.DECLINED));

    JsonNode account = check(trust, "account", "Contract code present on Base").get("proof");
    assertThat(account.get("available").asBoolean()).isFalse();
    assertThat(account.get("reason").asText()).contains("POST /v1/attest");
    // every EVM row is evaluated on its own chain: NFT rows are read, and decline a proof
    JsonNode azuki = check(trust, "nfts", "Azuki on Ethereum");
    assertThat(azuki.has("met")).as(azuki.toString()).isTrue();
    assertThat(azuki.get("proof").get("available").asBoolean()).isFalse();
    // a held token on a light chain (the first row of chain 42161 is the holder's) is proven there
    JsonNode arbitrum = check(trust, "stablecoins", "USDC on Arbitrum");
    assertThat(arbitrum.get("met").asBoolean()).as(arbitrum.toString()).isTrue();
    assertThat(arbitrum.get("proof").get("available").asBoolean()).as(arbitrum.toString()).isTrue();
    JsonNode solana = check(trust, "solana", "SOL (native) on Solana").get("proof");
    assertThat(solana.get("available").asBoolean()).isFalse();
    assertThat(solana.get("reason").asText()).contains("EVM storage proofs");
    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(6);
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant", "debit");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(94);
  }

  // the other families' wallets, answered by the replays of their documented answers
  static final String SOL_WALLET = "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd";
  static final String XRPL_WALLET = "r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59";
  static final String RLUSD_ISSUER = "rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De";
  static final String TBL_ISSUER = "rJNE2NNz83GJYtWVLwMvchDWEon3huWnFn";
  static final String USDC_XRPL_ISSUER = "rGm7WCVp9gb4jZHWTEtGUr4dd74z2XuWhE";
  static final long GLOBAL_FREEZE = 0x00400000L;
  static final String BTC_WALLET = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
  static final String TRON_WALLET = "TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g";
  static final String TRON_WALLET_HEX40 = "fd49eda0f23ff7ec1d03b52c3a45991c24cd440e";
  static final String STELLAR_WALLET = "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U";
  static final String SUI_WALLET = "0x" + "a1".repeat(32);

  /** Every optional wallet, with holdings the list's rows see. */
  private void otherFamiliesHold() {
    JsonRpcReplay solanaRpc = DevnetTestResource.solana();
    solanaRpc.reset();
    new SolanaReplay()
        .wallet(SOL_WALLET, 2_500_000_000L)
        .mint("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", 6, SolanaReplay.TOKEN)
        .tokenAccount(
            "BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA",
            SOL_WALLET,
            "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
            "1000000",
            6,
            SolanaReplay.TOKEN)
        .mint("2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo", 6, SolanaReplay.TOKEN_2022)
        .tokenAccount(
            "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T",
            SOL_WALLET,
            "2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo",
            "5",
            6,
            SolanaReplay.TOKEN_2022)
        .serveOn(solanaRpc);
    JsonRpcReplay xrplRpc = DevnetTestResource.xrpl();
    xrplRpc.reset();
    new XrplReplay()
        .account(XRPL_WALLET, "25000000", 0)
        .account(RLUSD_ISSUER, "1000000000", 0)
        .account(TBL_ISSUER, "1000000000", 0)
        // the issuer of the USDC row froze everything it issued (lsfGlobalFreeze)
        .account(USDC_XRPL_ISSUER, "1000000000", GLOBAL_FREEZE)
        .line(
            XRPL_WALLET,
            RLUSD_ISSUER,
            "524C555344000000000000000000000000000000",
            "12.5",
            false,
            false,
            false)
        // held, but the issuer froze this line
        .line(XRPL_WALLET, TBL_ISSUER, "TBL", "40", false, true, false)
        .line(
            XRPL_WALLET,
            USDC_XRPL_ISSUER,
            "5553444300000000000000000000000000000000",
            "7",
            false,
            false,
            false)
        .serveOn(xrplRpc);
    JsonRpcReplay esplora = DevnetTestResource.bitcoin();
    esplora.reset();
    new BitcoinReplay().address(BTC_WALLET, 150_000, 50_000, 0, 0).serveOn(esplora);
    JsonRpcReplay tronNode = DevnetTestResource.tron();
    tronNode.reset();
    new TronReplay()
        .account(TRON_WALLET, 1_793_227_200L)
        .token("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", 6)
        .token("TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8", 6)
        .holds("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", TRON_WALLET_HEX40, BigInteger.valueOf(7))
        .serveOn(tronNode);
    HorizonReplay horizon = DevnetTestResource.stellar();
    horizon.reset();
    horizon.account(STELLAR_WALLET, "80.8944518");
    horizon.trustline(
        STELLAR_WALLET,
        "USDC",
        "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN",
        "10.0000000",
        true);
    // held, but the issuer has not authorised the line: does not count
    horizon.trustline(
        STELLAR_WALLET,
        "EURC",
        "GDHU6WRG4IEQXM5NZ4BMPKOXHW76MZM4Y2IEMFDVXBSDP6SJY4ITNPP2",
        "5.0000000",
        false);
    JsonRpcReplay graphql = DevnetTestResource.sui();
    graphql.reset();
    new SuiReplay()
        .balance(
            SUI_WALLET,
            "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC",
            "250000000")
        .serveOn(graphql);
  }

  private static Map<String, Object> everyWallet(String evm) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("wallet", evm);
    body.put("solanaWallet", SOL_WALLET);
    body.put("xrplWallet", XRPL_WALLET);
    body.put("bitcoinWallet", BTC_WALLET);
    body.put("tronWallet", TRON_WALLET);
    body.put("stellarWallet", STELLAR_WALLET);
    body.put("suiWallet", SUI_WALLET);
    return body;
  }

  @Test
  void everyOptionalWallet_gives176Checks_readByEachFamilysReader_inTheFixedOrder() {
    otherFamiliesHold();

    Response response = trust(everyWallet(wallet("holder")));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    JsonNode trust = verifiedProfile(response.asString()).asJson();
    List<String> expected = new ArrayList<>(BASE_DIMENSIONS);
    expected.addAll(List.of("solana", "xrpl", "bitcoin", "tron"));
    assertThat(keys(trust.get("dimensions"))).isEqualTo(expected);
    int[] perDimension = {52, 8, 3, 5, 8, 16, 39, 12, 2, 10, 14, 3, 1, 3};
    int i = 0;
    int passed = 0;
    int failed = 0;
    int notEvaluated = 0;
    int checked = 0;
    int active = 0;
    for (JsonNode dimension : trust.get("dimensions")) {
      assertThat(dimension.get("checks").size()).isEqualTo(perDimension[i]);
      assertThat(dimension.get("total").asInt()).isEqualTo(perDimension[i++]);
      int pass = 0;
      int fail = 0;
      int not = 0;
      for (JsonNode check : dimension.get("checks")) {
        if (check.has("evaluated")) {
          not++;
          assertThat(check.get("reason").asText()).isNotEqualTo("wallet_not_provided");
        } else if (check.get("met").asBoolean()) {
          pass++;
        } else {
          fail++;
        }
      }
      assertThat(dimension.get("passCount").asInt()).isEqualTo(pass);
      assertThat(dimension.get("failCount").asInt()).isEqualTo(fail);
      assertThat(dimension.get("notEvaluatedCount").asInt()).isEqualTo(not);
      checked += pass + fail > 0 ? 1 : 0;
      active += pass > 0 ? 1 : 0;
      passed += pass;
      failed += fail;
      notEvaluated += not;
    }
    JsonNode summary = trust.get("summary");
    assertThat(summary.get("totalChecks").asInt()).isEqualTo(176);
    assertThat(summary.get("totalPassed").asInt()).isEqualTo(passed);
    assertThat(summary.get("totalFailed").asInt()).isEqualTo(failed);
    assertThat(summary.get("totalNotEvaluated").asInt()).isEqualTo(notEvaluated);
    assertThat(summary.get("dimensionsChecked").asInt()).isEqualTo(checked);
    assertThat(summary.get("dimensionsWithActivity").asInt()).isEqualTo(active);
    // the four family dimensions are read, and each has a holding
    assertThat(active).isGreaterThanOrEqualTo(4);
    assertThat(trust.get("dimensions").get("solana").get("checks").get(0).get("label").asText())
        .isEqualTo("SOL (native) on Solana");

    // each family's rows carry its own anchor
    JsonNode sol = check(trust, "solana", "SOL (native) on Solana");
    assertThat(sol.get("met").asBoolean()).isTrue();
    assertThat(sol.get("slot").asLong()).isEqualTo(341197933L);
    assertThat(check(trust, "solana", "USDC on Solana").get("met").asBoolean()).isTrue();
    assertThat(check(trust, "solana", "USDT on Solana").get("met").asBoolean()).isFalse();
    assertThat(check(trust, "institutional_stablecoins", "PYUSD on Solana").get("met").asBoolean())
        .isTrue();
    assertThat(check(trust, "institutional_stablecoins", "EURC on Solana").get("met").asBoolean())
        .isFalse();
    JsonNode rlusd = check(trust, "xrpl", "RLUSD on XRPL");
    assertThat(rlusd.get("met").asBoolean()).isTrue();
    assertThat(keys(rlusd)).contains("ledgerIndex", "ledgerHash").doesNotContain("blockNumber");
    assertThat(rlusd.get("trustLineState").get("frozen").asBoolean()).isFalse();
    // frozen lines are not met whatever they hold: one the issuer froze, one under a global freeze
    JsonNode tbl = check(trust, "xrpl", "OpenEden TBILL (TBL) on XRPL");
    assertThat(tbl.get("met").asBoolean()).isFalse();
    assertThat(tbl.get("trustLineState").get("frozen").asBoolean()).isTrue();
    JsonNode usdcXrpl = check(trust, "institutional_stablecoins", "USDC on XRPL");
    assertThat(usdcXrpl.get("met").asBoolean()).isFalse();
    assertThat(usdcXrpl.get("trustLineState").get("frozen").asBoolean()).isTrue();
    assertThat(keys(usdcXrpl)).contains("ledgerIndex", "ledgerHash");
    assertThat(check(trust, "xrpl", "XRP (native) on XRPL").has("trustLineState")).isFalse();
    everyRowHasABooleanMet_andEveryXrplTrustLineRowItsState(trust);
    assertThat(rlusd.get("evaluatedCondition").get("currency").asText())
        .isEqualTo("524C555344000000000000000000000000000000");
    assertThat(check(trust, "xrpl", "XRP (native) on XRPL").get("met").asBoolean()).isTrue();
    JsonNode btc = check(trust, "bitcoin", "BTC (native) on Bitcoin");
    assertThat(btc.get("met").asBoolean()).isTrue();
    assertThat(keys(btc)).contains("blockHeight", "blockHash");
    assertThat(check(trust, "tron", "TRX (native) on Tron").get("met").asBoolean()).isTrue();
    assertThat(check(trust, "tron", "USDT (TRC-20) on Tron").get("met").asBoolean()).isTrue();
    JsonNode usdcTron = check(trust, "tron", "USDC (TRC-20) on Tron");
    assertThat(usdcTron.get("met").asBoolean()).isFalse();
    assertThat(keys(usdcTron)).contains("blockHeight", "blockHash");
    JsonNode usdcStellar = check(trust, "institutional_stablecoins", "USDC on Stellar");
    assertThat(usdcStellar.get("met").asBoolean()).isTrue();
    assertThat(usdcStellar.get("evaluatedCondition").get("assetCode").asText()).isEqualTo("USDC");
    assertThat(check(trust, "institutional_stablecoins", "EURC on Stellar").get("met").asBoolean())
        .isFalse();
    JsonNode usdcSui = check(trust, "institutional_stablecoins", "USDC on Sui");
    assertThat(usdcSui.get("met").asBoolean()).isTrue();
    assertThat(keys(usdcSui)).contains("checkpointSequence", "checkpointDigest");
    assertThat(check(trust, "tokenized_treasuries", "USDY on Sui").get("met").asBoolean())
        .isFalse();

    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(3);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(97);
  }

  @Test
  void withoutTheOtherWallets_theirBaseRowsRequireThem_withNoAnchor() {
    Response response = trust(Map.of("wallet", wallet("holder")));

    JsonNode trust = verifiedProfile(response.asString()).asJson();
    Map<String, String> requires = new LinkedHashMap<>();
    for (JsonNode dimension : trust.get("dimensions")) {
      for (JsonNode check : dimension.get("checks")) {
        if (check.has("requires")) {
          assertThat(check.get("reason").asText()).isEqualTo("wallet_not_provided");
          List<String> expected =
              new ArrayList<>(
                  List.of(
                      "label",
                      "chainId",
                      "evaluated",
                      "reason",
                      "requires",
                      "met",
                      "evaluatedCondition",
                      "conditionHash"));
          if (check.get("requires").asText().equals("xrplWallet")) {
            expected.add("trustLineState");
            assertThat(check.get("trustLineState").get("frozen").isBoolean()).isTrue();
          }
          assertThat(keys(check)).containsExactlyElementsOf(expected);
          assertThat(check.get("met").isBoolean()).isTrue();
          assertThat(check.get("met").asBoolean()).isFalse();
          requires.put(check.get("label").asText(), check.get("requires").asText());
        }
      }
    }
    assertThat(requires)
        .containsOnly(
            Map.entry("PYUSD on Solana", "solanaWallet"),
            Map.entry("EURC on Solana", "solanaWallet"),
            Map.entry("USDC on XRPL", "xrplWallet"),
            Map.entry("USDC on Stellar", "stellarWallet"),
            Map.entry("EURC on Stellar", "stellarWallet"),
            Map.entry("USDC on Sui", "suiWallet"),
            Map.entry("USDY on Sui", "suiWallet"));
  }

  /**
   * The shape every client may rely on: every row of every dimension, evaluated or not, has a
   * boolean {@code met}; every XRPL trust-line row has {@code trustLineState {frozen}}.
   */
  private static void everyRowHasABooleanMet_andEveryXrplTrustLineRowItsState(JsonNode trust) {
    int lines = 0;
    for (JsonNode dimension : trust.get("dimensions")) {
      for (JsonNode check : dimension.get("checks")) {
        assertThat(check.path("met").isBoolean()).as(check.toString()).isTrue();
        JsonNode condition = check.get("evaluatedCondition");
        if (condition.get("chainId").asText().equals("xrpl")
            && !condition.get("contractAddress").asText().equals("native")) {
          assertThat(check.path("trustLineState").path("frozen").isBoolean())
              .as(check.toString())
              .isTrue();
          lines++;
        }
      }
    }
    assertThat(lines).as("XRPL trust-line rows seen").isPositive();
  }

  @Test
  void aBatch_ofABareWalletAndOneWithEveryFamily_keepsTheShapeInEveryEntry() {
    otherFamiliesHold();
    Map<String, Object> bare = Map.of("wallet", wallet("holder"));
    Response response = batch(Map.of("wallets", List.of(bare, everyWallet(wallet("holder")))));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    JsonNode results = json(response.asString()).get("data").get("results");
    assertThat(results.size()).isEqualTo(2);
    List<JsonNode> profiles = new ArrayList<>();
    for (JsonNode entry : results) {
      // signed and verified: the added members are inside the signature
      JsonNode trust = verifiedProfile(entry.toString()).asJson();
      everyRowHasABooleanMet_andEveryXrplTrustLineRowItsState(trust);
      profiles.add(trust);
    }
    JsonNode bareXrpl = check(profiles.get(0), "institutional_stablecoins", "USDC on XRPL");
    assertThat(bareXrpl.get("evaluated").asBoolean(true)).isFalse();
    assertThat(bareXrpl.get("met").asBoolean(true)).isFalse();
    JsonNode fullXrpl = check(profiles.get(1), "institutional_stablecoins", "USDC on XRPL");
    assertThat(fullXrpl.has("evaluated")).isFalse();
    assertThat(fullXrpl.get("trustLineState").get("frozen").asBoolean()).isTrue();
    // a holder who unfreezes its line in the answer breaks the signature
    String tampered = results.get(1).toString().replace("\"frozen\":true", "\"frozen\":false");
    assertThat(tampered).isNotEqualTo(results.get(1).toString());
    assertThat(Verifier.fromServedKeys().reportTrustProfile(tampered).valid()).isFalse();
  }

  @Test
  void aFamilyThatCannotBeRead_isA503NamingItsChain_neverAPartialProfile() {
    otherFamiliesHold();
    DevnetTestResource.sui().on("graphql", Reply.status(503));

    Response response = trust(everyWallet(wallet("holder")));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getList("error.failedConditions.chainId")).contains("sui");
    assertThat(response.jsonPath().getString("data")).isNull();
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(100);
    DevnetTestResource.sui().reset();
  }

  @Test
  void badWalletsAndShortKeys_areRefusedBeforeAnyRead() {
    trust(Map.of("wallet", wallet("holder"), "xrplWallet", "rNotAnAddress")).then().statusCode(400);
    TestKeys.TestKey poor = TestKeys.create(pool, 2, 100, KeyVersion.V2);
    given()
        .header("X-API-Key", poor.secret())
        .contentType(ContentType.JSON)
        .body(Map.of("wallet", wallet("holder")))
        .post("/v1/trust")
        .then()
        .statusCode(402);
    assertThat(Ledger.balance(pool, poor.id())).isEqualTo(2);
  }
}
