package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.condition;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.LocalNodes;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.XrplReplay;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Attest on solana and xrpl, through HTTP, with both chains answered by replays of their documented
 * answers: met and not met for each supported type, every success checked by the verifier SDK,
 * mixed-chain requests, the 400 rules, and rpc_failure unsigned and uncharged.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestSolanaXrplTest {

  // the devnet's scenario wallets (LocalNodes, what ./run.sh --devnet serves)
  static final String SOL_WALLET = LocalNodes.SOLANA_HOLDER;
  static final String MINT = LocalNodes.SOLANA_MINT;
  static final String ATA = LocalNodes.SOLANA_ATA;
  static final String NFT_MINT = LocalNodes.SOLANA_NFT_MINT;
  static final String NFT_ACCOUNT = LocalNodes.SOLANA_NFT_ACCOUNT;

  static final String XRPL_WALLET = LocalNodes.XRPL_HOLDER;
  static final String ISSUER = LocalNodes.XRPL_ISSUER;
  static final String FROZEN_ISSUER = LocalNodes.XRPL_FROZEN_ISSUER;
  static final String NFT_ISSUER = LocalNodes.XRPL_NFT_ISSUER;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long CREDITS = 10;

  @Inject Pool pool;

  private final JsonRpcReplay solanaRpc = DevnetTestResource.solana();
  private final JsonRpcReplay xrplRpc = DevnetTestResource.xrpl();
  private final SolanaReplay solana = new SolanaReplay();
  private final XrplReplay xrpl = new XrplReplay();
  private final DevnetManifest m = Devnet.shared().manifest();
  private TestKeys.TestKey key;

  @BeforeEach
  void chainsAndKey() {
    solanaRpc.reset();
    xrplRpc.reset();
    solana.clear().slot(341197933);
    solana.wallet(SOL_WALLET, 2_500_000_000L);
    solana.mint(MINT, 6, SolanaReplay.TOKEN);
    solana.tokenAccount(ATA, SOL_WALLET, MINT, "420000000000000", 6, SolanaReplay.TOKEN);
    solana.mint(NFT_MINT, 0, SolanaReplay.TOKEN_2022);
    solana.tokenAccount(NFT_ACCOUNT, SOL_WALLET, NFT_MINT, "1", 0, SolanaReplay.TOKEN_2022);
    solana.serveOn(solanaRpc);
    xrpl.clear();
    xrpl.account(XRPL_WALLET, "25000000", 0);
    xrpl.account(ISSUER, "1000000000", 0);
    xrpl.account(FROZEN_ISSUER, "1000000000", 0x00400000);
    xrpl.account(NFT_ISSUER, "1000000000", 0);
    xrpl.line(XRPL_WALLET, ISSUER, "USD", "150.25", false, false, false);
    xrpl.line(
        XRPL_WALLET, ISSUER, "444F4C4C415259444F4F00000000000000000000", "7", false, true, false);
    xrpl.line(XRPL_WALLET, FROZEN_ISSUER, "EUR", "500", false, false, false);
    xrpl.nft(XRPL_WALLET, NFT_ISSUER, 42, 4);
    xrpl.serveOn(xrplRpc);
    key = TestKeys.create(pool, CREDITS, 1000, KeyVersion.V2);
  }

  @AfterEach
  void quiet() {
    solanaRpc.reset();
    xrplRpc.reset();
  }

  private static Map<String, Object> body(Map<String, Object> wallets, Object... conditions) {
    Map<String, Object> body = new LinkedHashMap<>(wallets);
    body.put("conditions", List.of(conditions));
    return body;
  }

  private static Map<String, Object> sol() {
    return Map.of("solanaWallet", SOL_WALLET);
  }

  private static Map<String, Object> xrp() {
    return Map.of("xrplWallet", XRPL_WALLET);
  }

  private static Map<String, Object> on(String chain, String type, Object... members) {
    Map<String, Object> condition = condition(type, members);
    Map<String, Object> withChain = new LinkedHashMap<>();
    withChain.put("type", type);
    withChain.put("chainId", chain);
    condition.forEach((k, v) -> withChain.putIfAbsent(k, v));
    return withChain;
  }

  private static JsonNode results(Response response) throws Exception {
    verified(response);
    return JSON.readTree(response.asString()).path("data").path("attestation").path("results");
  }

  @Test
  void solanaTokenBalance_metAndNotMet_signedAtTheSnapshotSlot() throws Exception {
    Response response =
        attest(
            key.secret(),
            body(
                sol(),
                on("solana", "token_balance", "contractAddress", MINT, "threshold", "420000000"),
                on(
                    "solana",
                    "token_balance",
                    "contractAddress",
                    MINT,
                    "threshold",
                    "420000000.000001"),
                on(
                    "solana",
                    "token_balance",
                    "contractAddress",
                    "native",
                    "threshold",
                    "2.5",
                    "decimals",
                    9)));

    JsonNode results = results(response);
    assertThat(results).hasSize(3);
    assertThat(results.get(0).path("met").asBoolean()).isTrue();
    assertThat(results.get(1).path("met").asBoolean()).isFalse();
    assertThat(results.get(2).path("met").asBoolean()).isTrue();
    JsonNode first = results.get(0);
    assertThat(first.path("chainId").asText()).isEqualTo("solana");
    assertThat(first.path("slot").asLong()).isEqualTo(341197933L);
    assertThat(first.has("blockNumber")).isFalse();
    assertThat(first.path("evaluatedCondition").toString())
        .isEqualTo(
            "{\"type\":\"token_balance\",\"chainId\":\"solana\",\"contractAddress\":\""
                + MINT
                + "\",\"operator\":\"gte\",\"threshold\":\"420000000\"}");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS - 1);
  }

  @Test
  void solanaNftAndRatio_metAndNotMet() throws Exception {
    Response response =
        attest(
            key.secret(),
            body(
                sol(),
                on("solana", "nft_ownership", "contractAddress", NFT_MINT),
                on("solana", "nft_ownership", "contractAddress", MINT),
                on(
                    "solana",
                    "ratio_to_amount",
                    "contractAddress",
                    MINT,
                    "multiple",
                    "3",
                    "amount",
                    "140000000"),
                on(
                    "solana",
                    "ratio_to_amount",
                    "contractAddress",
                    "native",
                    "multiple",
                    "2",
                    "amount",
                    "1.25")));

    JsonNode results = results(response);
    assertThat(results.get(0).path("met").asBoolean()).isTrue();
    assertThat(results.get(1).path("met").asBoolean()).as("6 decimals: not an NFT").isFalse();
    assertThat(results.get(2).path("met").asBoolean()).isTrue();
    assertThat(results.get(2).path("evaluatedCondition").path("threshold").asText())
        .isEqualTo("420000000");
    assertThat(results.get(3).path("met").asBoolean()).isTrue();
  }

  @Test
  void xrplTokenBalance_nativeAndTrustLines_withTrustLineStateAndFreezes() throws Exception {
    Response response =
        attest(
            key.secret(),
            body(
                xrp(),
                on("xrpl", "token_balance", "contractAddress", "native", "threshold", "25"),
                on(
                    "xrpl",
                    "token_balance",
                    "contractAddress",
                    ISSUER,
                    "currency",
                    "USD",
                    "threshold",
                    "150.25"),
                on(
                    "xrpl",
                    "token_balance",
                    "contractAddress",
                    ISSUER,
                    "currency",
                    "USD",
                    "threshold",
                    "150.26"),
                on(
                    "xrpl",
                    "token_balance",
                    "contractAddress",
                    ISSUER,
                    "currency",
                    "DOLLARYDOO",
                    "threshold",
                    "1"),
                on(
                    "xrpl",
                    "token_balance",
                    "contractAddress",
                    FROZEN_ISSUER,
                    "currency",
                    "EUR",
                    "threshold",
                    "1")));

    JsonNode results = results(response);
    JsonNode xrpResult = results.get(0);
    assertThat(xrpResult.path("met").asBoolean()).isTrue();
    assertThat(xrpResult.path("ledgerIndex").asLong()).isEqualTo(xrpl.ledgerIndex());
    assertThat(xrpResult.path("ledgerHash").asText()).isEqualTo(xrpl.ledgerHash());
    assertThat(xrpResult.has("trustLineState")).as("native: no trust line").isFalse();
    assertThat(results.get(1).path("met").asBoolean()).isTrue();
    assertThat(results.get(1).path("trustLineState").toString()).isEqualTo("{\"frozen\":false}");
    assertThat(results.get(1).path("evaluatedCondition").toString())
        .isEqualTo(
            "{\"type\":\"token_balance\",\"chainId\":\"xrpl\",\"contractAddress\":\""
                + ISSUER
                + "\",\"operator\":\"gte\",\"threshold\":\"150.25\",\"currency\":\"USD\"}");
    assertThat(results.get(2).path("met").asBoolean()).isFalse();
    assertThat(results.get(3).path("met").asBoolean()).as("frozen line").isFalse();
    assertThat(results.get(3).path("trustLineState").path("frozen").asBoolean()).isTrue();
    assertThat(results.get(3).path("evaluatedCondition").path("currency").asText())
        .as("echoed as entered")
        .isEqualTo("DOLLARYDOO");
    assertThat(results.get(4).path("met").asBoolean()).as("global freeze").isFalse();
    assertThat(results.get(4).path("trustLineState").path("frozen").asBoolean()).isTrue();
  }

  @Test
  void xrplRatioToAmount_onXrpAndTrustLines_exactly_andNeverOnAFrozenLine() throws Exception {
    Response response =
        attest(
            key.secret(),
            body(
                xrp(),
                // 25 XRP held: 2 × 12.5 is met, 2 × 12.500001 is one drop short
                on(
                    "xrpl",
                    "ratio_to_amount",
                    "contractAddress",
                    "native",
                    "multiple",
                    "2",
                    "amount",
                    "12.5"),
                on(
                    "xrpl",
                    "ratio_to_amount",
                    "contractAddress",
                    "native",
                    "multiple",
                    "2",
                    "amount",
                    "12.500001"),
                // 150.25 USD held: 5 × 30.05 is exactly that, 5 × 30.0500001 is a hair more
                on(
                    "xrpl",
                    "ratio_to_amount",
                    "contractAddress",
                    ISSUER,
                    "currency",
                    "USD",
                    "multiple",
                    "5",
                    "amount",
                    "30.05"),
                on(
                    "xrpl",
                    "ratio_to_amount",
                    "contractAddress",
                    ISSUER,
                    "currency",
                    "USD",
                    "multiple",
                    "5",
                    "amount",
                    "30.0500001"),
                // 500 EUR held under a global freeze: never met
                on(
                    "xrpl",
                    "ratio_to_amount",
                    "contractAddress",
                    FROZEN_ISSUER,
                    "currency",
                    "EUR",
                    "multiple",
                    "1",
                    "amount",
                    "1")));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    JsonNode results = results(response);
    assertThat(results.get(0).path("met").asBoolean()).isTrue();
    assertThat(results.get(0).path("evaluatedCondition").toString())
        .isEqualTo(
            "{\"type\":\"ratio_to_amount\",\"chainId\":\"xrpl\",\"contractAddress\":\"native\","
                + "\"operator\":\"gte\",\"threshold\":\"25\",\"multiple\":\"2\",\"amount\":\"12.5\"}");
    assertThat(results.get(0).has("trustLineState")).isFalse();
    assertThat(results.get(0).path("ledgerIndex").asLong()).isEqualTo(xrpl.ledgerIndex());
    assertThat(results.get(1).path("met").asBoolean()).isFalse();
    assertThat(results.get(2).path("met").asBoolean()).isTrue();
    assertThat(results.get(2).path("trustLineState").toString()).isEqualTo("{\"frozen\":false}");
    assertThat(results.get(2).path("evaluatedCondition").path("threshold").asText())
        .isEqualTo("150.25");
    assertThat(results.get(2).path("evaluatedCondition").path("currency").asText())
        .isEqualTo("USD");
    assertThat(results.get(3).path("met").asBoolean()).isFalse();
    assertThat(results.get(4).path("met").asBoolean()).as("global freeze").isFalse();
    assertThat(results.get(4).path("trustLineState").path("frozen").asBoolean()).isTrue();
    assertThat(response.jsonPath().getInt("meta.creditsCharged")).isEqualTo(1);
  }

  @Test
  void xrplNftOwnership_byIssuerAndTaxon() throws Exception {
    Response response =
        attest(
            key.secret(),
            body(
                xrp(),
                on("xrpl", "nft_ownership", "contractAddress", NFT_ISSUER),
                on("xrpl", "nft_ownership", "contractAddress", NFT_ISSUER, "taxon", "42"),
                on("xrpl", "nft_ownership", "contractAddress", NFT_ISSUER, "taxon", 7)));

    JsonNode results = results(response);
    assertThat(results.get(0).path("met").asBoolean()).isTrue();
    assertThat(results.get(1).path("met").asBoolean()).isTrue();
    assertThat(results.get(1).path("evaluatedCondition").path("taxon").asLong()).isEqualTo(42);
    assertThat(results.get(2).path("met").asBoolean()).isFalse();
  }

  @Test
  void oneRequest_mixesEvmSolanaAndXrpl_eachAtItsOwnAnchor() throws Exception {
    Map<String, Object> wallets = new LinkedHashMap<>();
    wallets.put("wallet", m.wallet("holder").address());
    wallets.putAll(sol());
    wallets.putAll(xrp());
    Response response =
        attest(
            key.secret(),
            body(
                wallets,
                tokenBalance(8453, m.chain(8453).address("token6"), "1"),
                on("solana", "token_balance", "contractAddress", MINT, "threshold", "1"),
                on(
                    "xrpl",
                    "token_balance",
                    "contractAddress",
                    ISSUER,
                    "currency",
                    "USD",
                    "threshold",
                    "1")));

    JsonNode results = results(response);
    assertThat(results.get(0).has("blockNumber")).isTrue();
    assertThat(results.get(1).path("slot").asLong()).isEqualTo(341197933L);
    assertThat(results.get(2).path("ledgerIndex").asLong()).isEqualTo(xrpl.ledgerIndex());
    assertThat(
            JSON.readTree(response.asString())
                .path("data")
                .path("attestation")
                .path("pass")
                .asBoolean())
        .isTrue();
  }

  @Test
  void merkleProofs_areDeclinedOnBothChains_andThePremiumRefunded() throws Exception {
    Map<String, Object> wallets = new LinkedHashMap<>(sol());
    wallets.putAll(xrp());
    Map<String, Object> body =
        body(
            wallets,
            on("solana", "token_balance", "contractAddress", "native", "threshold", "1"),
            on("xrpl", "token_balance", "contractAddress", "native", "threshold", "1"));
    body.put("proof", "merkle");

    Response response = attest(key.secret(), body);

    JsonNode results = results(response);
    for (JsonNode result : results) {
      assertThat(result.path("proof").path("available").asBoolean()).isFalse();
      assertThat(result.path("proof").path("reason").asText()).isNotBlank();
    }
    assertThat(JSON.readTree(response.asString()).path("meta").path("creditsCharged").asInt())
        .isEqualTo(1);
  }

  @Test
  void aSolanaSnapshotThatCannotBeTaken_isA503_unsignedAndUncharged() {
    solanaRpc.on("getMultipleAccounts", Reply.status(503));

    Response response =
        attest(
            key.secret(),
            body(sol(), on("solana", "token_balance", "contractAddress", MINT, "threshold", "1")));

    assertRpcFailureUncharged(response, "solana");
  }

  @Test
  void minContextSlotLag_isRetriedThrough() throws Exception {
    java.util.concurrent.atomic.AtomicInteger calls =
        new java.util.concurrent.atomic.AtomicInteger();
    solanaRpc.on(
        "getMultipleAccounts",
        request ->
            calls.incrementAndGet() == 1
                ? Reply.json(SolanaReplay.minContextSlotNotReached())
                : Reply.json(solana.multipleAccounts(request)));

    Response response =
        attest(
            key.secret(),
            body(sol(), on("solana", "token_balance", "contractAddress", MINT, "threshold", "1")));

    assertThat(results(response).get(0).path("met").asBoolean()).isTrue();
    assertThat(calls).hasValueGreaterThan(1);
  }

  @Test
  void anXrplIssuerThatCannotBeRead_isA503_unsignedAndUncharged() {
    Response response =
        attest(
            key.secret(),
            body(
                xrp(),
                on(
                    "xrpl",
                    "token_balance",
                    "contractAddress",
                    "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn",
                    "currency",
                    "USD",
                    "threshold",
                    "1")));

    assertRpcFailureUncharged(response, "xrpl");
    assertThat(response.jsonPath().getString("error.failedConditions[0].source"))
        .isEqualTo("token_metadata_read");
  }

  private void assertRpcFailureUncharged(Response response, String chain) {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getString("error.failedConditions[0].chainId")).isEqualTo(chain);
    assertThat(response.jsonPath().getString("data")).isNull();
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }

  static Stream<Arguments> refusals() {
    return Stream.of(
        Arguments.of(
            Map.of("solanaWallet", "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"),
            on("solana", "token_balance", "contractAddress", "native", "threshold", "1"),
            "solanaWallet"),
        Arguments.of(
            sol(),
            on("solana", "token_balance", "contractAddress", "abc", "threshold", "1"),
            "conditions[0].contractAddress"),
        Arguments.of(
            sol(),
            on(
                "solana",
                "token_balance",
                "contractAddress",
                "native",
                "threshold",
                "1",
                "decimals",
                6),
            "conditions[0].decimals"),
        Arguments.of(
            sol(),
            on("solana", "ratio_to_supply", "contractAddress", MINT, "minFraction", "0.1"),
            "is EVM only"),
        Arguments.of(
            sol(),
            on("solana", "evm_view_call", "contractAddress", MINT, "selector", "isMember(address)"),
            "is EVM only"),
        Arguments.of(
            sol(),
            on("solana", "nft_ownership", "contractAddress", "native"),
            "native is not allowed"),
        Arguments.of(xrp(), on("xrpl", "account_code", "expect", "none"), "is EVM only"),
        Arguments.of(
            Map.of("xrplWallet", "r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk58"),
            on("xrpl", "token_balance", "contractAddress", "native", "threshold", "1"),
            "xrplWallet"),
        Arguments.of(
            xrp(),
            on(
                "xrpl",
                "token_balance",
                "contractAddress",
                ISSUER,
                "currency",
                "XRP",
                "threshold",
                "1"),
            "conditions[0].currency"),
        Arguments.of(
            xrp(),
            on("xrpl", "token_balance", "contractAddress", ISSUER, "threshold", "1"),
            "conditions[0].currency is required"),
        Arguments.of(
            xrp(),
            on(
                "xrpl",
                "token_balance",
                "contractAddress",
                "rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2Q",
                "currency",
                "USD",
                "threshold",
                "1"),
            "conditions[0].contractAddress"),
        Arguments.of(
            xrp(),
            on("xrpl", "nft_ownership", "contractAddress", NFT_ISSUER, "taxon", "4294967296"),
            "conditions[0].taxon"),
        Arguments.of(
            xrp(),
            on("xrpl", "nft_ownership", "contractAddress", NFT_ISSUER, "taxon", -1),
            "conditions[0].taxon"),
        Arguments.of(
            xrp(),
            on(
                "xrpl",
                "ratio_to_amount",
                "contractAddress",
                "native",
                "multiple",
                "2",
                "amount",
                "0.0000001"),
            "conditions[0].amount"),
        Arguments.of(
            xrp(),
            on(
                "xrpl",
                "ratio_to_amount",
                "contractAddress",
                ISSUER,
                "currency",
                "USD",
                "multiple",
                "2",
                "amount",
                "1",
                "decimals",
                6),
            "conditions[0].decimals"),
        Arguments.of(
            sol(),
            on("xrpl", "token_balance", "contractAddress", "native", "threshold", "1"),
            "xrplWallet is required"));
  }

  @ParameterizedTest
  @MethodSource("refusals")
  void everyNewRule_isA400NamingTheField(
      Map<String, Object> wallets, Map<String, Object> condition, String named) {
    Response response = attest(key.secret(), body(wallets, condition));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
    assertThat(response.jsonPath().getString("error.message")).contains(named);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }

  @Test
  void aStatedDecimalsThatIsNotTheMintsOwn_isA400NamingTheMintsValue() {
    Response response =
        attest(
            key.secret(),
            body(
                sol(),
                on(
                    "solana",
                    "token_balance",
                    "contractAddress",
                    MINT,
                    "threshold",
                    "1",
                    "decimals",
                    9)));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.jsonPath().getString("error.message")).contains("(6)");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }

  @Test
  void anNftConditionOnAMetaplexCoreAsset_isA400_notASilentFalse() {
    String coreCollection = "J1S9H3QjnRtBbbuD4HjPV6RpRhwuk4zKbxsnCHuTgh9w";
    solana.coreAsset(coreCollection);

    Response response =
        attest(
            key.secret(),
            body(sol(), on("solana", "nft_ownership", "contractAddress", coreCollection)));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
    assertThat(response.jsonPath().getString("error.message"))
        .isEqualTo(
            "conditions[0].contractAddress "
                + coreCollection
                + " is a Metaplex Core asset or collection; Core assets are held by no token"
                + " account and core Solana RPC cannot read who holds them");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }
}
