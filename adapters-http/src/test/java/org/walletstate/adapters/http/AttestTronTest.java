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
import java.math.BigInteger;
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
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.devnet.replay.TronReplay;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Attest on tron, through HTTP, with the full node's HTTP API answered by a replay of its
 * documented shapes: TRX and TRC-20 met and not met, decimals from the token, every success checked
 * by the verifier SDK, the solidified-head bracket, the 400 rules, proofs declined, and rpc_failure
 * unsigned and uncharged.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestTronTest {

  /** The reference's vectors: the docs' balanceOf holder and the USDT contract. */
  static final String WALLET = "TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g";

  static final String WALLET_HEX40 = "fd49eda0f23ff7ec1d03b52c3a45991c24cd440e";
  static final String USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
  static final String EIGHTEEN = "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp";
  static final String EMPTY_WALLET = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long CREDITS = 10;

  @Inject Pool pool;

  private final JsonRpcReplay node = DevnetTestResource.tron();
  private final TronReplay tron = new TronReplay();
  private TestKeys.TestKey key;

  @BeforeEach
  void chainAndKey() {
    node.reset();
    tron.clear();
    tron.account(WALLET, 1_793_227_200L);
    tron.token(USDT, 6);
    tron.holds(USDT, WALLET_HEX40, BigInteger.valueOf(0x40cfcc00L)); // 1087360000 base units
    tron.token(EIGHTEEN, 18);
    tron.holds(EIGHTEEN, WALLET_HEX40, new BigInteger("1000000000000000000000001"));
    tron.serveOn(node);
    key = TestKeys.create(pool, CREDITS, 1000, KeyVersion.V2);
  }

  @AfterEach
  void quiet() {
    node.reset();
  }

  private static Map<String, Object> body(String wallet, Object... conditions) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("tronWallet", wallet);
    body.put("conditions", List.of(conditions));
    return body;
  }

  private static Map<String, Object> trx(String contract, String threshold) {
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", "token_balance");
    condition.put("chainId", "tron");
    condition.put("contractAddress", contract);
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
  void nativeTrx_metAndNotMet_exactlyInSun_signedAtTheSolidifiedHead() throws Exception {
    Response response =
        attest(
            key.secret(), body(WALLET, trx("native", "1793.2272"), trx("native", "1793.227201")));

    JsonNode results = results(response);
    assertThat(results.get(0).path("met").asBoolean()).isTrue();
    assertThat(results.get(1).path("met").asBoolean()).as("one sun short").isFalse();
    JsonNode first = results.get(0);
    assertThat(first.path("chainId").asText()).isEqualTo("tron");
    assertThat(first.path("blockHeight").asLong()).isEqualTo(tron.number());
    assertThat(first.path("blockHash").asText()).isEqualTo(tron.blockId());
    assertThat(first.path("evaluatedCondition").toString())
        .isEqualTo(
            "{\"type\":\"token_balance\",\"chainId\":\"tron\",\"contractAddress\":\"native\","
                + "\"operator\":\"gte\",\"threshold\":\"1793.2272\"}");
    assertThat(node.requests("/walletsolidity/getnowblock")).hasSize(2);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS - 1);
  }

  @Test
  void anAccountThatDoesNotExist_holdsNoTrx() throws Exception {
    JsonNode results = results(attest(key.secret(), body(EMPTY_WALLET, trx("native", "0.000001"))));

    assertThat(results.get(0).path("met").asBoolean()).isFalse();
    assertThat(node.requests("/walletsolidity/getaccount")).hasSize(1);
  }

  @Test
  void trc20_metAndNotMet_withTheTokensOwnDecimals() throws Exception {
    JsonNode results =
        results(
            attest(
                key.secret(),
                body(
                    WALLET,
                    trx(USDT, "1087.36"),
                    trx(USDT, "1087.360001"),
                    trx(EIGHTEEN, "1000000.000000000000000001"),
                    trx(EIGHTEEN, "1000000.000000000000000002"))));

    assertThat(results.get(0).path("met").asBoolean()).isTrue();
    assertThat(results.get(1).path("met").asBoolean()).isFalse();
    assertThat(results.get(2).path("met").asBoolean()).isTrue();
    assertThat(results.get(3).path("met").asBoolean()).isFalse();
    assertThat(results.get(0).path("evaluatedCondition").path("contractAddress").asText())
        .isEqualTo(USDT);
    JsonNode call = node.requests("/walletsolidity/triggerconstantcontract").get(0).path("body");
    assertThat(call.path("visible").asBoolean()).isTrue();
  }

  @Test
  void aStatedDecimalsThatIsNotTheTokensOwn_isA400NamingTheTokensValue() {
    Response response = attest(key.secret(), body(WALLET, with(trx(USDT, "1"), "decimals", 18)));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
    assertThat(response.jsonPath().getString("error.message"))
        .contains("conditions[0].decimals")
        .contains("(6)");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }

  @Test
  void aHeadThatMovesDuringTheRead_isReadAgain_andTheAnchorIsTheStableHead() throws Exception {
    AtomicInteger heads = new AtomicInteger();
    node.on(
        "/walletsolidity/getnowblock",
        request -> {
          if (heads.incrementAndGet() == 1) {
            return Reply.json(
                "{\"blockID\":\"0000000003fe266a"
                    + "0".repeat(48)
                    + "\",\"block_header\":{\"raw_data\":{\"number\":"
                    + (tron.number() - 1)
                    + "}}}");
          }
          return Reply.json(tron.headAnswer());
        });

    JsonNode results = results(attest(key.secret(), body(WALLET, trx("native", "1"))));

    assertThat(results.get(0).path("blockHeight").asLong()).isEqualTo(tron.number());
    assertThat(heads.get()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void aTokenWhoseCallReverts_isA503_unsignedAndUncharged() {
    node.on("/walletsolidity/triggerconstantcontract", Reply.json(TronReplay.reverted()));

    Response response = attest(key.secret(), body(WALLET, trx(USDT, "1")));

    assertRpcFailureUncharged(response);
    assertThat(response.jsonPath().getString("error.failedConditions[0].source"))
        .isEqualTo("token_metadata_read");
  }

  @Test
  void anUnreadableAccount_isA503_unsignedAndUncharged() {
    node.on("/walletsolidity/getaccount", Reply.truncated("{\"balance\":1793227200}"));

    Response response = attest(key.secret(), body(WALLET, trx("native", "1")));

    assertRpcFailureUncharged(response);
    assertThat(response.jsonPath().getString("error.failedConditions[0].source"))
        .isEqualTo("balance_read");
  }

  private void assertRpcFailureUncharged(Response response) {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getString("error.failedConditions[0].chainId"))
        .isEqualTo("tron");
    assertThat(response.jsonPath().getString("data")).isNull();
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }

  static Stream<Arguments> refusals() {
    return Stream.of(
        Arguments.of(
            Map.of("tronWallet", "TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2h"),
            trx("native", "1"),
            "tronWallet"),
        Arguments.of(
            Map.of("tronWallet", "41fd49eda0f23ff7ec1d03b52c3a45991c24cd440e"),
            trx("native", "1"),
            "tronWallet"),
        Arguments.of(
            Map.of("tronWallet", "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"),
            trx("native", "1"),
            "tronWallet"),
        Arguments.of(
            Map.of("tronWallet", WALLET),
            trx("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", "1"),
            "conditions[0].contractAddress"),
        Arguments.of(
            Map.of("tronWallet", WALLET),
            trx("0xdAC17F958D2ee523a2206206994597C13D831ec7", "1"),
            "conditions[0].contractAddress"),
        Arguments.of(
            Map.of("tronWallet", WALLET),
            with(trx("native", "1"), "decimals", 18),
            "conditions[0].decimals"),
        Arguments.of(
            Map.of("tronWallet", WALLET),
            with(trx("native", "1"), "threshold", "abc"),
            "conditions[0].threshold"),
        Arguments.of(
            Map.of("tronWallet", WALLET),
            Map.of("type", "nft_ownership", "chainId", "tron", "contractAddress", USDT),
            "conditions[0].chainId tron supports only token_balance"),
        Arguments.of(
            Map.of("tronWallet", WALLET),
            Map.of(
                "type",
                "ratio_to_amount",
                "chainId",
                "tron",
                "contractAddress",
                "native",
                "multiple",
                "2",
                "amount",
                "1"),
            "conditions[0].chainId tron supports only token_balance"),
        Arguments.of(
            Map.of("bitcoinWallet", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"),
            trx("native", "1"),
            "tronWallet is required"));
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
