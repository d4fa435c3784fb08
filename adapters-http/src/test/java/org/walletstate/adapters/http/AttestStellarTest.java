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
import org.walletstate.devnet.replay.HorizonReplay;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Attest on stellar, through HTTP, with Horizon answered by a replay of its documented answers: XLM
 * and issued assets met and not met, unauthorised trustlines, the anchor, every success checked by
 * the verifier SDK, the 400 rules, and rpc_failure unsigned and uncharged.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestStellarTest {

  static final String WALLET = "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U";
  static final String EURT_ISSUER = "GAP5LETOV6YIE62YAM56STDANPRDO7ZFDBGSNHJQIYGGKSMOZAHOOS2S";
  static final String USDC_ISSUER = "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN";
  static final String LONG_ISSUER = "GBHNGLLIE3KWGKCHIKMHJ5HVZHYIK7WTBE4QF5PLAKL4CJGSEU7HZIW5";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long CREDITS = 10;

  @Inject Pool pool;

  private final HorizonReplay horizon = DevnetTestResource.stellar();
  private TestKeys.TestKey key;

  @BeforeEach
  void ledgerAndKey() {
    horizon.reset();
    horizon.account(WALLET, "80.8944518");
    horizon.trustline(WALLET, "EURT", EURT_ISSUER, "150.2500000", true);
    horizon.trustline(WALLET, "USDC", USDC_ISSUER, "1000.0000000", false);
    horizon.trustline(WALLET, "BENJITOKEN12", LONG_ISSUER, "3.0000000", true);
    key = TestKeys.create(pool, CREDITS, 1000, KeyVersion.V2);
  }

  @AfterEach
  void quiet() {
    horizon.reset();
  }

  private static Map<String, Object> body(String wallet, Object... conditions) {
    Map<String, Object> body = new LinkedHashMap<>();
    if (wallet != null) {
      body.put("stellarWallet", wallet);
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
    withChain.put("chainId", "stellar");
    condition.forEach((k, v) -> withChain.putIfAbsent(k, v));
    return withChain;
  }

  private static Map<String, Object> xlm(String threshold) {
    return on("token_balance", "contractAddress", "native", "threshold", threshold);
  }

  private static Map<String, Object> issued(String issuer, String code, String threshold) {
    return on(
        "token_balance", "contractAddress", issuer, "assetCode", code, "threshold", threshold);
  }

  private static JsonNode results(Response response) throws Exception {
    verified(response);
    return JSON.readTree(response.asString()).path("data").path("attestation").path("results");
  }

  @Test
  void xlm_metAndNotMet_exactlyInStroops_anchoredAtTheLedgerRead() throws Exception {
    Response response =
        attest(
            key.secret(),
            body(
                WALLET,
                xlm("80.8944518"),
                xlm("80.8944519"),
                on("token_balance", "contractAddress", "native", "threshold", "1", "decimals", 7)));

    JsonNode results = results(response);
    assertThat(results).hasSize(3);
    assertThat(results.get(0).path("met").asBoolean()).isTrue();
    assertThat(results.get(1).path("met").asBoolean()).isFalse();
    assertThat(results.get(2).path("met").asBoolean()).isTrue();
    JsonNode first = results.get(0);
    assertThat(first.path("chainId").asText()).isEqualTo("stellar");
    assertThat(first.path("ledgerIndex").asLong()).isEqualTo(horizon.ledgerIndex());
    assertThat(first.path("ledgerHash").asText()).isEqualTo(horizon.ledgerHash());
    assertThat(first.has("blockNumber")).isFalse();
    assertThat(first.path("evaluatedCondition").toString())
        .isEqualTo(
            "{\"type\":\"token_balance\",\"chainId\":\"stellar\",\"contractAddress\":\"native\","
                + "\"operator\":\"gte\",\"threshold\":\"80.8944518\"}");
    assertThat(horizon.paths())
        .containsExactly("/accounts/" + WALLET, "/ledgers/" + horizon.ledgerIndex());
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS - 1);
  }

  @Test
  void issuedAssets_byIssuerAndCode_unauthorisedLinesDoNotCount() throws Exception {
    Response response =
        attest(
            key.secret(),
            body(
                WALLET,
                issued(EURT_ISSUER, "EURT", "150.25"),
                issued(EURT_ISSUER, "EURT", "150.2500001"),
                issued(USDC_ISSUER, "USDC", "1"),
                issued(LONG_ISSUER, "BENJITOKEN12", "3"),
                issued(LONG_ISSUER, "EURT", "0.0000001"),
                issued(EURT_ISSUER, "eurt", "0.0000001")));

    JsonNode results = results(response);
    assertThat(results).hasSize(6);
    assertThat(results.findValues("met").stream().map(JsonNode::asBoolean))
        .containsExactly(true, false, false, true, false, false);
    assertThat(results.get(0).path("evaluatedCondition").toString())
        .isEqualTo(
            "{\"type\":\"token_balance\",\"chainId\":\"stellar\",\"contractAddress\":\""
                + EURT_ISSUER
                + "\",\"operator\":\"gte\",\"threshold\":\"150.25\",\"assetCode\":\"EURT\"}");
    assertThat(horizon.paths()).filteredOn(p -> p.startsWith("/accounts/")).hasSize(1);
  }

  @Test
  void anAccountThatDoesNotExist_holdsNothing() throws Exception {
    Response response =
        attest(
            key.secret(),
            body(USDC_ISSUER, xlm("0.0000001"), issued(EURT_ISSUER, "EURT", "0.0000001")));

    JsonNode results = results(response);
    assertThat(results.findValues("met").stream().map(JsonNode::asBoolean))
        .containsExactly(false, false);
    assertThat(results.get(0).path("ledgerIndex").asLong()).isEqualTo(horizon.ledgerIndex());
  }

  @Test
  void anUnreadableAccount_isA503_unsignedAndUncharged() {
    horizon.fail("accounts", Reply.status(503));

    assertRpcFailureUncharged(attest(key.secret(), body(WALLET, xlm("1"))));
  }

  @Test
  void aBalanceWithNoExactSevenDecimalForm_isA503() {
    horizon.reset();
    horizon.account(WALLET, "80.89445181");

    assertRpcFailureUncharged(attest(key.secret(), body(WALLET, xlm("1"))));
  }

  private void assertRpcFailureUncharged(Response response) {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(503);
    assertThat(response.jsonPath().getString("error.code")).isEqualTo("rpc_failure");
    assertThat(response.jsonPath().getString("error.failedConditions[0].chainId"))
        .isEqualTo("stellar");
    assertThat(response.jsonPath().getString("data")).isNull();
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(CREDITS);
  }

  static Stream<Arguments> refusals() {
    return Stream.of(
        Arguments.of(
            "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75V", xlm("1"), "stellarWallet"),
        Arguments.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", xlm("1"), "stellarWallet"),
        Arguments.of(null, xlm("1"), "stellarWallet is required"),
        Arguments.of(
            WALLET,
            on("token_balance", "contractAddress", "native", "assetCode", "USD", "threshold", "1"),
            "conditions[0].assetCode"),
        Arguments.of(
            WALLET,
            on("token_balance", "contractAddress", EURT_ISSUER, "threshold", "1"),
            "conditions[0].assetCode is required"),
        Arguments.of(
            WALLET,
            issued("GAP5LETOV6YIE62YAM56STDANPRDO7ZFDBGSNHJQIYGGKSMOZAHOOS2T", "EURT", "1"),
            "conditions[0].contractAddress"),
        Arguments.of(
            WALLET,
            issued("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "EURT", "1"),
            "conditions[0].contractAddress"),
        Arguments.of(WALLET, issued(EURT_ISSUER, "ABCDEFGHIJKLM", "1"), "conditions[0].assetCode"),
        Arguments.of(WALLET, issued(EURT_ISSUER, "", "1"), "conditions[0].assetCode"),
        Arguments.of(WALLET, issued(EURT_ISSUER, "EU-T", "1"), "conditions[0].assetCode"),
        Arguments.of(
            WALLET,
            on("token_balance", "contractAddress", "native", "threshold", "1", "decimals", 18),
            "conditions[0].decimals"),
        Arguments.of(WALLET, xlm("-1"), "conditions[0].threshold"),
        Arguments.of(WALLET, on("nft_ownership", "contractAddress", EURT_ISSUER), "supports only"),
        Arguments.of(
            WALLET,
            on("ratio_to_amount", "contractAddress", "native", "multiple", "2", "amount", "1"),
            "supports only"),
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
