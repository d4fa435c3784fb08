package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.condition;

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
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.devnet.replay.SuiReplay;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Attest on sui, through HTTP, with GraphQL answered by a replay in the schema's shape: SUI and a
 * coin met and not met, short and long coin-type forms, decimals from metadata, the checkpoint
 * anchor, every success checked by the verifier SDK, the 400 rules, and rpc_failure unsigned and
 * uncharged.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestSuiTest {

  static final String WALLET = "0x" + "a1".repeat(32);
  static final String SUI_LONG =
      "0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI";
  static final String USDC =
      "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";
  static final String NO_METADATA = "0x" + "0".repeat(62) + "99::odd::ODD";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long CREDITS = 10;

  @Inject Pool pool;

  private final JsonRpcReplay graphql = DevnetTestResource.sui();
  private final SuiReplay sui = new SuiReplay();
  private TestKeys.TestKey key;

  @BeforeEach
  void chainAndKey() {
    graphql.reset();
    sui.clear();
    sui.balance(WALLET, SUI_LONG, "3000000000");
    sui.balance(WALLET, USDC, "250000000");
    sui.balance(WALLET, NO_METADATA, "5");
    sui.coin(USDC, 6);
    sui.serveOn(graphql);
    key = TestKeys.create(pool, CREDITS, 1000, KeyVersion.V2);
  }

  @AfterEach
  void quiet() {
    graphql.reset();
  }

  private static Map<String, Object> body(String wallet, Object... conditions) {
    Map<String, Object> body = new LinkedHashMap<>();
    if (wallet != null) {
      body.put("suiWallet", wallet);
    } else {
      body.put("xrplWallet", "r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59"); // a wallet, but not this one
    }
    body.put("conditions", List.of(conditions));
    return body;
  }

  private static Map<String, Object> on(String type, Object... members) {
    Map<String, Object> condition = condition(type, members);
    Map<String, Object> withChain = new LinkedHashMap<>();
    withChain.put("type", type);
    withChain.put("chainId", "sui");
    condition.forEach((k, v) -> withChain.putIfAbsent(k, v));
    return withChain;
  }

  private static Map<String, Object> coin(String coinType, String threshold) {
    return on("token_balance", "contractAddress", coinType, "threshold", threshold);
  }

  private static JsonNode results(Response response) throws Exception {
    verified(response);
    return JSON.readTree(response.asString()).path("data").path("attestation").path("results");
  }

  @Test
  void sui_shortLongAndNative_nameOneCoin_metAndNotMet_atTheCheckpoint() throws Exception {
    Response response =
        attest(
            key.secret(),
            body(
                WALLET,
                coin("0x2::sui::SUI", "3"),
                coin(SUI_LONG, "3.000000001"),
                coin("native", "3")));

    JsonNode results = results(response);
    assertThat(results.findValues("met").stream().map(JsonNode::asBoolean))
        .containsExactly(true, false, true);
    JsonNode first = results.get(0);
    assertThat(first.path("chainId").asText()).isEqualTo("sui");
    assertThat(first.path("checkpointSequence").asLong()).isEqualTo(sui.sequence());
    assertThat(first.path("checkpointDigest").asText()).isEqualTo(sui.digest());
    assertThat(first.path("evaluatedCondition").toString())
        .isEqualTo(
            "{\"type\":\"token_balance\",\"chainId\":\"sui\",\"contractAddress\":\""
                + SUI_LONG
                + "\",\"operator\":\"gte\",\"threshold\":\"3\"}");
    assertThat(results.get(0).path("conditionHash").asText())
        .isEqualTo(
            results(attest(key.secret(), body(WALLET, coin(SUI_LONG, "3"))))
                .get(0)
                .path("conditionHash")
                .asText());
    assertThat(graphql.requests()).hasSize(2);
  }

  @Test
  void aCoin_comparedInItsOwnDecimals_fromItsMetadata() throws Exception {
    Response response =
        attest(
            key.secret(),
            body(
                WALLET,
                coin(USDC, "250"),
                coin(USDC, "250.000001"),
                on("token_balance", "contractAddress", USDC, "threshold", "1", "decimals", 6)));

    JsonNode results = results(response);
    assertThat(results.get(0).path("met").asBoolean()).isTrue();
    assertThat(results.get(1).path("met").asBoolean()).isFalse();
    assertThat(results.get(2).path("met").asBoolean()).isTrue();
  }

  @Test
  void aStatedDecimalsThatIsNotTheCoinsOwn_isA400_uncharged() {
    Response response =
        attest(
            key.secret(),
            body(
                WALLET,
                on("token_balance", "contractAddress", USDC, "threshold", "1", "decimals", 9)));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
    assertThat(response.jsonPath().getString("error.message")).contains("conditions[0].decimals");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }

  @Test
  void aCoinWithoutMetadata_isA503_unsignedAndUncharged() {
    assertRpcFailureUncharged(attest(key.secret(), body(WALLET, coin(NO_METADATA, "1"))));
  }

  @Test
  void graphqlErrors_areA503_unsignedAndUncharged() {
    graphql.on(
        "graphql",
        Reply.json("{\"data\":null,\"errors\":[{\"message\":\"Query is too complex\"}]}"));

    assertRpcFailureUncharged(attest(key.secret(), body(WALLET, coin("native", "1"))));
  }

  @Test
  void aBalanceWithNoExactIntegerForm_isA503() {
    sui.balance(WALLET, SUI_LONG, "3000000000.5");

    assertRpcFailureUncharged(attest(key.secret(), body(WALLET, coin("native", "1"))));
  }

  private void assertRpcFailureUncharged(Response response) {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getString("error.failedConditions[0].chainId")).isEqualTo("sui");
    assertThat(response.jsonPath().getString("data")).isNull();
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }

  static Stream<Arguments> refusals() {
    return Stream.of(
        Arguments.of("0x02", coin("native", "1"), "suiWallet"),
        Arguments.of("0x" + "a1".repeat(31) + "a", coin("native", "1"), "suiWallet"),
        Arguments.of("0x" + "g1".repeat(32), coin("native", "1"), "suiWallet"),
        Arguments.of(null, coin("native", "1"), "suiWallet is required"),
        Arguments.of(WALLET, coin("0x2::sui", "1"), "conditions[0].contractAddress"),
        Arguments.of(WALLET, coin("usdc", "1"), "conditions[0].contractAddress"),
        Arguments.of(
            WALLET,
            coin("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "1"),
            "conditions[0].contractAddress"),
        Arguments.of(WALLET, coin("0x2::sui::SUI<", "1"), "conditions[0].contractAddress"),
        Arguments.of(
            WALLET,
            on("token_balance", "contractAddress", "native", "threshold", "1", "decimals", 6),
            "conditions[0].decimals"),
        Arguments.of(WALLET, on("nft_ownership", "contractAddress", USDC), "supports only"),
        Arguments.of(WALLET, on("account_code", "expect", "none"), "is EVM only"));
  }

  @ParameterizedTest
  @MethodSource("refusals")
  void everyRule_isA400NamingTheField(String wallet, Map<String, Object> condition, String named) {
    Response response = attest(key.secret(), body(wallet, condition));

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
    assertThat(response.jsonPath().getString("error.message")).contains(named);
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }
}
