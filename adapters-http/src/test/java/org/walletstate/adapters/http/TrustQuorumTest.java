package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.NonEvmTwoProviders;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.TrustChainsTestResource;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.XrplReplay;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.InsufficientAssuranceException;
import org.walletstate.verifier.ReadAssurance;
import org.walletstate.verifier.TrustProfileReport;
import org.walletstate.verifier.VerifiedTrustCheck;
import org.walletstate.verifier.VerifiedTrustProfile;

/**
 * {@code "assurance"} on trust profiles, end to end over the 23 chains of a base profile: chain 1
 * read for quorum requests from the two forks of {@link AttestQuorumTest.TwoProviders}; every other
 * chain from two pass-through proxies in front of its one anvil (two providers in the quorum's
 * configuration, one node behind them, so they always agree). A test makes the second fork of chain
 * 1 differ (code on the holder, which the profile's account rows read), undone after it. Solana and
 * the XRP Ledger are read for quorum requests from the two replay servers of {@link
 * NonEvmTwoProviders}, the same state on both unless a test makes the second differ.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
@WithTestResource(TrustQuorumTest.EveryChainTwoProviders.class)
@WithTestResource(NonEvmTwoProviders.class)
class TrustQuorumTest {

  /** Chain 1's two forks, and two providers for each other chain of a base profile. */
  public static final class EveryChainTwoProviders implements QuarkusTestResourceLifecycleManager {
    private final AttestQuorumTest.TwoProviders chainOne = new AttestQuorumTest.TwoProviders();
    private final List<FaultProxy> proxies = new ArrayList<>();

    @Override
    public Map<String, String> start() {
      Map<String, String> config = new HashMap<>(chainOne.start());
      Map<Long, URI> nodes = new LinkedHashMap<>(Devnet.shared().rpcUrls());
      nodes.putAll(TrustChainsTestResource.lightChains().rpcUrls());
      nodes.remove(1L);
      nodes.forEach(
          (id, url) -> {
            String chain = "walletstate.chains.evm.\"" + id + "\".";
            for (String name : List.of("one", "two")) {
              FaultProxy proxy = FaultProxy.inFrontOf(url);
              proxies.add(proxy);
              config.put(chain + "providers." + name + ".endpoints", proxy.url().toString());
            }
            config.put(chain + "quorum", "2");
          });
      return config;
    }

    @Override
    public void stop() {
      chainOne.stop();
      proxies.forEach(FaultProxy::close);
    }
  }

  @Inject Pool pool;

  private final String holder = Devnet.shared().manifest().wallet("holder").address();
  private final String empty = Devnet.shared().manifest().wallet("empty").address();
  private TestKeys.TestKey key;
  private String snapshotOne;
  private String snapshotTwo;

  @BeforeEach
  void key() {
    key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
    snapshotOne = AttestQuorumTest.TwoProviders.one.rpc().call("evm_snapshot").asText();
    snapshotTwo = AttestQuorumTest.TwoProviders.two.rpc().call("evm_snapshot").asText();
  }

  @AfterEach
  void undo() {
    AttestQuorumTest.TwoProviders.one.rpc().call("evm_revert", snapshotOne);
    AttestQuorumTest.TwoProviders.two.rpc().call("evm_revert", snapshotTwo);
  }

  private Response post(String path, Object body) {
    return given()
        .header("X-API-Key", key.secret())
        .contentType(ContentType.JSON)
        .body(body)
        .post(path);
  }

  private static Map<String, Object> profile(String wallet, String assurance) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("wallet", wallet);
    if (assurance != null) {
      body.put("assurance", assurance);
    }
    return body;
  }

  private static VerifiedTrustProfile verified(String answer) {
    TrustProfileReport report = Verifier.fromServedKeys().reportTrustProfile(answer);
    assertThat(report.valid()).as(report + "\n" + answer).isTrue();
    try {
      return Verifier.fromServedKeys().verifyTrustProfile(answer);
    } catch (Exception e) {
      throw new AssertionError("the SDK rejected a profile its report accepted", e);
    }
  }

  /** The rows that read a chain (every row but those whose wallet was not given). */
  private static List<VerifiedTrustCheck> readRows(VerifiedTrustProfile profile) {
    return profile.checks().stream()
        .filter(c -> c.reason().filter("wallet_not_provided"::equals).isEmpty())
        .toList();
  }

  @Test
  void quorumProfile_signsQuorumTwoOfTwoOnEveryRowRead_andChargesSixCreditsOnce() {
    Response response = post("/v1/trust", profile(holder, "quorum"));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    VerifiedTrustProfile profile = verified(response.asString());
    assertThat(readRows(profile)).isNotEmpty();
    assertThat(readRows(profile))
        .allSatisfy(
            row ->
                assertThat(row.readAssurance())
                    .as(row.toString())
                    .contains(new ReadAssurance("quorum", 2, 2)));
    assertThat(profile.checks())
        .filteredOn(c -> c.reason().filter("wallet_not_provided"::equals).isPresent())
        .allSatisfy(row -> assertThat(row.asJson().has("readAssurance")).isFalse());
    assertThat(profile.requireQuorum(2)).isSameAs(profile);
    assertThatThrownBy(() -> profile.requireQuorum(3))
        .isInstanceOf(InsufficientAssuranceException.class);
    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(6);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(94);
  }

  @Test
  void withoutTheOption_noRowSignsAnAssurance_andThreeCreditsAreCharged() {
    AttestQuorumTest.TwoProviders.two.rpc().call("anvil_setCode", holder, "0x6000");

    Response response = post("/v1/trust", profile(holder, null));

    VerifiedTrustProfile profile = verified(response.asString());
    assertThat(response.asString()).doesNotContain("readAssurance");
    assertThatThrownBy(() -> profile.requireQuorum(2))
        .isInstanceOf(InsufficientAssuranceException.class);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(97);
  }

  @Test
  void singleAssurance_signsSingleOnEveryRowRead_atTheSinglePrice() {
    Response response = post("/v1/trust", profile(holder, "single"));

    VerifiedTrustProfile profile = verified(response.asString());
    assertThat(readRows(profile))
        .allSatisfy(
            row -> assertThat(row.readAssurance()).contains(new ReadAssurance("single", 1, 1)));
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(97);
  }

  @Test
  void quorumBatch_signsEveryProfile_andChargesSixCreditsPerWallet() {
    Response response =
        post(
            "/v1/trust/batch",
            Map.of(
                "assurance",
                "quorum",
                "wallets",
                List.of(Map.of("wallet", holder), Map.of("wallet", empty))));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    JsonNode results = json(response.asString()).path("data").path("results");
    assertThat(results.size()).isEqualTo(2);
    for (JsonNode entry : results) {
      assertThat(entry.has("error")).as(entry.toString()).isFalse();
      assertThat(verified(entry.toString()).requireQuorum(2)).isNotNull();
    }
    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(12);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(88);
  }

  private static JsonNode json(String text) {
    try {
      return new ObjectMapper().readTree(text);
    } catch (Exception e) {
      throw new AssertionError(text, e);
    }
  }

  @Test
  void aProviderWithOtherCodeAtANewBlock_isA503_saysTheProvidersDisagree_andChargesNothing() {
    // the profile reads the holder's code on chain 1 (its account rows): one fork gives it some
    AttestQuorumTest.TwoProviders.two.rpc().call("anvil_setCode", holder, "0x6000");
    AttestQuorumTest.TwoProviders.one.rpc().call("evm_mine");
    AttestQuorumTest.TwoProviders.two.rpc().call("evm_mine");

    Response single = post("/v1/trust", profile(holder, "quorum"));

    assertThat(single.statusCode()).as(single.asString()).isEqualTo(503);
    assertThat(single.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(single.jsonPath().getList("error.failedConditions"))
        .containsExactly(
            Map.of(
                "source",
                "chain_head_read",
                "chainId",
                1,
                "message",
                ChainObservation.HeadUnavailable.DISAGREED));
    assertThat(single.asString()).doesNotContain("\"trust\"");

    Response batch =
        post(
            "/v1/trust/batch",
            Map.of("assurance", "quorum", "wallets", List.of(Map.of("wallet", holder))));

    assertThat(batch.jsonPath().getBoolean("data.results[0].ok")).as(batch.asString()).isFalse();
    assertThat(batch.jsonPath().getString("data.results[0].error.failedConditions[0].message"))
        .contains("providers disagree");
    assertThat(batch.jsonPath().getInt("meta.creditsCharged")).isZero();
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(100);
  }

  @Test
  void malformedAssurance_isA400WithAttestsMessage_andChargesNothing() {
    String message = "assurance \"paranoid\" is not supported; send \"single\" or \"quorum\"";
    for (Response response :
        List.of(
            post("/v1/trust", profile(holder, "paranoid")),
            post(
                "/v1/trust/batch",
                Map.of("assurance", "paranoid", "wallets", List.of(Map.of("wallet", holder)))))) {
      assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
      assertThat(response.jsonPath().getString("error.message")).contains(message);
    }
    Response notText = post("/v1/trust", Map.of("wallet", holder, "assurance", 2));
    assertThat(notText.statusCode()).as(notText.asString()).isEqualTo(400);
    assertThat(notText.jsonPath().getString("error.message")).contains("assurance");

    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
  }

  /** Solana and XRPL holdings of the profile's other wallets, the same on both providers. */
  private static NonEvmTwoProviders.States solanaAndXrplHold() {
    String usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
    return new NonEvmTwoProviders.States()
        .solana(
            chain ->
                chain
                    .clear()
                    .slot(341197933)
                    .wallet(TrustProfileTest.SOL_WALLET, 2_500_000_000L)
                    .mint(usdc, 6, SolanaReplay.TOKEN)
                    .tokenAccount(
                        "BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA",
                        TrustProfileTest.SOL_WALLET,
                        usdc,
                        "1000000",
                        6,
                        SolanaReplay.TOKEN))
        .xrpl(
            ledger ->
                ledger
                    .clear()
                    .account(TrustProfileTest.XRPL_WALLET, "25000000", 0)
                    .account(TrustProfileTest.RLUSD_ISSUER, "1000000000", 0)
                    .account(TrustProfileTest.TBL_ISSUER, "1000000000", 0)
                    .account(TrustProfileTest.USDC_XRPL_ISSUER, "1000000000", 0)
                    .line(
                        TrustProfileTest.XRPL_WALLET,
                        TrustProfileTest.RLUSD_ISSUER,
                        "524C555344000000000000000000000000000000",
                        "12.5",
                        false,
                        false,
                        false));
  }

  private Map<String, Object> solanaAndXrplProfile() {
    Map<String, Object> body = profile(empty, "quorum");
    body.put("solanaWallet", TrustProfileTest.SOL_WALLET);
    body.put("xrplWallet", TrustProfileTest.XRPL_WALLET);
    return body;
  }

  @Test
  void quorumProfile_withSolanaAndXrplWallets_readsBothProvidersOfEach_andSignsQuorumTwoOfTwo() {
    solanaAndXrplHold().serve();
    List.of(DevnetTestResource.solana(), DevnetTestResource.xrpl()).forEach(JsonRpcReplay::reset);

    Response response = post("/v1/trust", solanaAndXrplProfile());

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    VerifiedTrustProfile profile = verified(response.asString());
    List<VerifiedTrustCheck> nonEvm =
        readRows(profile).stream().filter(row -> row.chainId().isTextual()).toList();
    assertThat(nonEvm)
        .extracting(row -> row.chainId().asText())
        .contains("solana", "xrpl")
        .containsOnly("solana", "xrpl");
    assertThat(nonEvm)
        .allSatisfy(
            row ->
                assertThat(row.readAssurance())
                    .as(row.toString())
                    .contains(new ReadAssurance("quorum", 2, 2)));
    assertThat(row(nonEvm, "SOL (native) on Solana").met()).isTrue();
    assertThat(row(nonEvm, "USDC on Solana").met()).isTrue();
    assertThat(row(nonEvm, "RLUSD on XRPL").met()).isTrue();
    assertThat(row(nonEvm, "RLUSD on XRPL").asJson().get("ledgerIndex").asLong())
        .isEqualTo(new XrplReplay().ledgerIndex());
    assertThat(profile.requireQuorum(2)).isSameAs(profile);
    // both providers of each chain were read; the single-provider endpoints were not
    for (JsonRpcReplay provider : NonEvmTwoProviders.xrplServers()) {
      assertThat(provider.requests("account_lines")).isNotEmpty();
    }
    for (JsonRpcReplay provider : NonEvmTwoProviders.solanaServers()) {
      assertThat(provider.requests("getTokenAccountsByOwner")).isNotEmpty();
    }
    assertThat(DevnetTestResource.solana().requests())
        .noneMatch(r -> r.toString().contains(TrustProfileTest.SOL_WALLET));
    assertThat(DevnetTestResource.xrpl().requests())
        .noneMatch(r -> r.toString().contains(TrustProfileTest.XRPL_WALLET));
    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(6);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(94);
  }

  private static VerifiedTrustCheck row(List<VerifiedTrustCheck> rows, String label) {
    return rows.stream()
        .filter(row -> row.label().equals(label))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row " + label + " in " + rows));
  }

  @Test
  void anXrplOrSolanaProviderWithAnotherBalance_isA503_unsignedAndUncharged() {
    NonEvmTwoProviders.States xrpl = solanaAndXrplHold();
    xrpl.xrplTwo.account(TrustProfileTest.XRPL_WALLET, "24999999", 0);
    xrpl.serve();
    assertDisagreedOn("xrpl", post("/v1/trust", solanaAndXrplProfile()));

    NonEvmTwoProviders.States solana = solanaAndXrplHold();
    solana.solanaTwo.wallet(TrustProfileTest.SOL_WALLET, 1);
    solana.serve();
    assertDisagreedOn("solana", post("/v1/trust", solanaAndXrplProfile()));

    Response batch =
        post(
            "/v1/trust/batch",
            Map.of(
                "assurance",
                "quorum",
                "wallets",
                List.of(
                    Map.of(
                        "wallet", empty,
                        "solanaWallet", TrustProfileTest.SOL_WALLET,
                        "xrplWallet", TrustProfileTest.XRPL_WALLET))));
    assertThat(batch.jsonPath().getBoolean("data.results[0].ok")).as(batch.asString()).isFalse();
    assertThat(batch.jsonPath().getString("data.results[0].error.failedConditions[0].message"))
        .contains("providers disagree");
    assertThat(batch.jsonPath().getInt("meta.creditsCharged")).isZero();
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(100);
  }

  private static void assertDisagreedOn(String chain, Response response) {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getList("error.failedConditions")).hasSize(1);
    assertThat(response.jsonPath().getString("error.failedConditions[0].source"))
        .isEqualTo("chain_head_read");
    assertThat(response.jsonPath().getString("error.failedConditions[0].chainId")).isEqualTo(chain);
    assertThat(response.jsonPath().getString("error.failedConditions[0].message"))
        .isEqualTo(ChainObservation.HeadUnavailable.DISAGREED);
    assertThat(response.asString()).doesNotContain("\"trust\"").doesNotContain("signature");
  }
}
