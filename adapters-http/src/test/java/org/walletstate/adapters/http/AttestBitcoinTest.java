package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;

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
import java.util.concurrent.atomic.AtomicInteger;
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
import org.walletstate.devnet.replay.BitcoinReplay;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Attest on bitcoin, through HTTP, with Esplora answered by a replay of its documented shapes: met
 * and not met for every address kind, every success checked by the verifier SDK, the tip bracket,
 * the 400 rules, proofs declined, and rpc_failure unsigned and uncharged.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestBitcoinTest {

  static final String P2WPKH = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
  static final String P2PKH = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2";
  static final String P2SH = "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy";
  static final String P2TR = "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long CREDITS = 10;

  @Inject Pool pool;

  private final JsonRpcReplay esplora = DevnetTestResource.bitcoin();
  private final BitcoinReplay bitcoin = new BitcoinReplay();
  private TestKeys.TestKey key;

  @BeforeEach
  void chainAndKey() {
    esplora.reset();
    bitcoin.clear();
    // the reference's synthesized answer: 150000 funded, 50000 spent = 100000 sats confirmed
    bitcoin.address(P2WPKH, 150_000, 50_000, 0, 0);
    // unconfirmed funds do not count: 1 BTC in the mempool, 0.5 BTC confirmed
    bitcoin.address(P2PKH, 50_000_000, 0, 100_000_000, 0);
    bitcoin.address(P2SH, 1, 0, 0, 0);
    bitcoin.address(P2TR, 2_100_000_000_000_000L, 0, 0, 0);
    bitcoin.serveOn(esplora);
    key = TestKeys.create(pool, CREDITS, 1000, KeyVersion.V2);
  }

  @AfterEach
  void quiet() {
    esplora.reset();
  }

  private static Map<String, Object> body(String wallet, Object... conditions) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("bitcoinWallet", wallet);
    body.put("conditions", List.of(conditions));
    return body;
  }

  private static Map<String, Object> btc(String threshold) {
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", "token_balance");
    condition.put("chainId", "bitcoin");
    condition.put("contractAddress", "native");
    condition.put("threshold", threshold);
    return condition;
  }

  private static Map<String, Object> with(Map<String, Object> condition, Object... members) {
    Map<String, Object> changed = new LinkedHashMap<>(condition);
    for (int i = 0; i < members.length; i += 2) {
      changed.put((String) members[i], members[i + 1]);
    }
    return changed;
  }

  private static JsonNode results(Response response) throws Exception {
    verified(response);
    return JSON.readTree(response.asString()).path("data").path("attestation").path("results");
  }

  @Test
  void tokenBalance_metAndNotMet_exactlyInSats_signedAtTheTip() throws Exception {
    Response response =
        attest(key.secret(), body(P2WPKH, btc("0.001"), btc("0.00100001"), btc("0.0005")));

    JsonNode results = results(response);
    assertThat(results).hasSize(3);
    assertThat(results.get(0).path("met").asBoolean()).as("exactly 100000 sats").isTrue();
    assertThat(results.get(1).path("met").asBoolean()).as("one sat short").isFalse();
    assertThat(results.get(2).path("met").asBoolean()).isTrue();
    JsonNode first = results.get(0);
    assertThat(first.path("chainId").asText()).isEqualTo("bitcoin");
    assertThat(first.path("blockHeight").asLong()).isEqualTo(bitcoin.height());
    assertThat(first.path("blockHash").asText()).isEqualTo(bitcoin.hash());
    assertThat(first.has("blockNumber")).isFalse();
    assertThat(first.path("evaluatedCondition").toString())
        .isEqualTo(
            "{\"type\":\"token_balance\",\"chainId\":\"bitcoin\",\"contractAddress\":\"native\","
                + "\"operator\":\"gte\",\"threshold\":\"0.001\"}");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS - 1);
    assertThat(esplora.requests("/blocks/tip/hash")).as("the tip before and after").hasSize(2);
  }

  @Test
  void everyAddressKind_isRead() throws Exception {
    for (String wallet : List.of(P2PKH, P2SH, P2TR)) {
      JsonNode results = results(attest(key.secret(), body(wallet, btc("0.00000001"))));
      assertThat(results.get(0).path("met").asBoolean()).as(wallet).isTrue();
    }
    assertThat(esplora.requests("/address/" + P2TR)).hasSize(1);
  }

  @Test
  void unconfirmedFunds_doNotCount() throws Exception {
    JsonNode results = results(attest(key.secret(), body(P2PKH, btc("0.5"), btc("0.5000001"))));

    assertThat(results.get(0).path("met").asBoolean()).isTrue();
    assertThat(results.get(1).path("met").asBoolean()).as("mempool funds left out").isFalse();
  }

  @Test
  void aTipThatMovesDuringTheRead_isReadAgain_andTheAnchorIsTheStableTip() throws Exception {
    AtomicInteger tips = new AtomicInteger();
    String stale = "0000000000000000000aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    esplora.on(
        "/blocks/tip/hash",
        request -> Reply.json(tips.incrementAndGet() == 1 ? stale : bitcoin.hash()));
    esplora.on(
        "/block/*",
        request ->
            Reply.json(
                request.path("method").asText().endsWith(stale)
                    ? "{\"id\":\"" + stale + "\",\"height\":" + (bitcoin.height() - 1) + "}"
                    : bitcoin.blockAnswer()));

    JsonNode results = results(attest(key.secret(), body(P2WPKH, btc("0.001"))));

    assertThat(results.get(0).path("blockHash").asText()).isEqualTo(bitcoin.hash());
    assertThat(results.get(0).path("blockHeight").asLong()).isEqualTo(bitcoin.height());
    assertThat(tips.get()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void aTipThatNeverSettles_isA503_unsignedAndUncharged() {
    AtomicInteger tips = new AtomicInteger();
    esplora.on(
        "/blocks/tip/hash", request -> Reply.json(String.format("%064x", tips.incrementAndGet())));
    esplora.on(
        "/block/*",
        request -> {
          String path = request.path("method").asText();
          return Reply.json(
              "{\"id\":\"" + path.substring(path.lastIndexOf('/') + 1) + "\",\"height\":5}");
        });

    assertRpcFailureUncharged(attest(key.secret(), body(P2WPKH, btc("0.001"))));
  }

  @Test
  void anUnreadableBalance_isA503_unsignedAndUncharged() {
    esplora.on("/address/*", Reply.truncated("{\"address\":\"x\",\"chain_stats\":{}}"));

    Response response = attest(key.secret(), body(P2WPKH, btc("0.001")));

    assertRpcFailureUncharged(response);
    assertThat(response.jsonPath().getString("error.failedConditions[0].source"))
        .isEqualTo("balance_read");
  }

  private void assertRpcFailureUncharged(Response response) {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getString("error.failedConditions[0].chainId"))
        .isEqualTo("bitcoin");
    assertThat(response.jsonPath().getString("data")).isNull();
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }

  static Stream<Arguments> refusals() {
    return Stream.of(
        Arguments.of(
            Map.of("bitcoinWallet", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr"),
            btc("1"),
            "bitcoinWallet"),
        Arguments.of(
            Map.of("bitcoinWallet", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3"),
            btc("1"),
            "bitcoinWallet"),
        Arguments.of(
            Map.of("bitcoinWallet", "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"),
            btc("1"),
            "bitcoinWallet"),
        Arguments.of(
            Map.of("bitcoinWallet", "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"),
            btc("1"),
            "bitcoinWallet"),
        Arguments.of(
            Map.of("bitcoinWallet", P2WPKH),
            with(btc("1"), "contractAddress", "0xdAC17F958D2ee523a2206206994597C13D831ec7"),
            "conditions[0].contractAddress must be native on bitcoin"),
        Arguments.of(
            Map.of("bitcoinWallet", P2WPKH),
            with(btc("1"), "decimals", 18),
            "conditions[0].decimals"),
        Arguments.of(
            Map.of("bitcoinWallet", P2WPKH),
            with(btc("1"), "threshold", "-1"),
            "conditions[0].threshold"),
        Arguments.of(
            Map.of("bitcoinWallet", P2WPKH),
            Map.of("type", "nft_ownership", "chainId", "bitcoin", "contractAddress", "native"),
            "conditions[0].chainId bitcoin supports only token_balance with contractAddress"
                + " native"),
        Arguments.of(
            Map.of("bitcoinWallet", P2WPKH),
            Map.of(
                "type",
                "ratio_to_amount",
                "chainId",
                "bitcoin",
                "contractAddress",
                "native",
                "multiple",
                "2",
                "amount",
                "1"),
            "supports only token_balance"),
        Arguments.of(
            Map.of("bitcoinWallet", P2WPKH),
            Map.of("type", "account_code", "chainId", "bitcoin", "expect", "none"),
            "is EVM only"),
        Arguments.of(
            Map.of("solanaWallet", "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd"),
            btc("1"),
            "bitcoinWallet is required"));
  }

  @ParameterizedTest
  @MethodSource("refusals")
  void everyRule_isA400NamingTheField(
      Map<String, Object> wallets, Map<String, Object> condition, String named) {
    Map<String, Object> body = new LinkedHashMap<>(wallets);
    body.put("conditions", List.of(condition));

    Response response = attest(key.secret(), body);

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
    assertThat(response.jsonPath().getString("error.message")).contains(named);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }
}
