package org.walletstate.adapters.http.payment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.filter.log.LogDetail;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.adapters.http.testbed.BtcUsdFeed;
import org.walletstate.adapters.http.testbed.Concurrently;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.Payers;
import org.walletstate.adapters.http.testbed.PaymentRows;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.Reply;

/**
 * Keys and credits bought with bitcoin: transactions from an Esplora replay answering in its
 * documented shapes ({@code GET /tx/:txid}, 404 {@code Transaction not found}, {@code GET
 * /blocks/tip/height} as plain text), valued at the BTC/USD aggregator the devnet's chain 1 runs at
 * Chainlink's production address ({@link BtcUsdFeed}), read at the head block.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class BitcoinPurchasesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  static final String SERVICE = DevnetTestResource.BITCOIN_PAYMENTS_RECEIVER;

  /** Two fixed mainnet addresses for refusals (nothing is credited to them). */
  static final String ALICE = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2";

  static final String BOB = "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy";

  /** 60 000 USD per BTC in the feed's 8 decimals. */
  static final BigInteger SIXTY_THOUSAND = BigInteger.valueOf(6_000_000_000_000L);

  static final long TIP = 870_000;

  final JsonRpcReplay esplora = DevnetTestResource.bitcoin();
  final Map<String, ObjectNode> transactions = new ConcurrentHashMap<>();
  volatile long tip = TIP;

  @Inject Pool pool;

  @BeforeAll
  static void showBodiesOnFailure() {
    RestAssured.enableLoggingOfRequestAndResponseIfValidationFails(LogDetail.BODY);
  }

  @BeforeEach
  void freshNodeAndFeed() {
    esplora.reset();
    transactions.clear();
    tip = TIP;
    install();
    BtcUsdFeed.set(SIXTY_THOUSAND, Instant.now().minusSeconds(120), 1);
  }

  @AfterEach
  void resetNode() {
    esplora.reset();
  }

  static String newTx() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /**
   * A fresh P2WPKH address with a real key, whose proofs bitcoinjs-message signs: one key per
   * wallet.
   */
  static String newWallet() {
    return Payers.fresh("bitcoin", "p2wpkh").address();
  }

  /** The single sender of each transaction the tests installed. */
  static final Map<String, String> SENDERS = new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * Installs Esplora's answer for a transaction spending one output of each of {@code from} and
   * paying {@code outputs} (address, sats pairs), confirmed at {@code height} (or unconfirmed when
   * negative).
   */
  void tx(String txid, List<String> from, long height, Object... outputs) {
    if (from.size() == 1) {
      SENDERS.put(txid, from.get(0));
    }
    ObjectNode tx = JSON.createObjectNode();
    tx.put("txid", txid).put("version", 2).put("locktime", 0);
    ArrayNode vin = tx.putArray("vin");
    for (String address : from) {
      ObjectNode input = vin.addObject();
      input.put("txid", newTx()).put("vout", 0).put("is_coinbase", false);
      input.put("scriptsig", "").put("scriptsig_asm", "").put("sequence", 4294967293L);
      input.putArray("witness").add("3044").add("02");
      input
          .putObject("prevout")
          .put("scriptpubkey", "0014751e76e8199196d454941c45d1b3a323f1433bd6")
          .put("scriptpubkey_asm", "OP_0 OP_PUSHBYTES_20 751e76e8199196d454941c45d1b3a323f1433bd6")
          .put("scriptpubkey_type", "v0_p2wpkh")
          .put("scriptpubkey_address", address)
          .put("value", 10_000_000);
    }
    ArrayNode vout = tx.putArray("vout");
    for (int i = 0; i < outputs.length; i += 2) {
      vout.addObject()
          .put("scriptpubkey", "0014e8df018c7e326cc253faac7e46cdc51e68542c42")
          .put("scriptpubkey_asm", "OP_0 OP_PUSHBYTES_20 e8df018c7e326cc253faac7e46cdc51e68542c42")
          .put("scriptpubkey_type", "v0_p2wpkh")
          .put("scriptpubkey_address", (String) outputs[i])
          .put("value", ((Number) outputs[i + 1]).longValue());
    }
    tx.put("size", 222).put("weight", 561).put("fee", 1410);
    ObjectNode status = tx.putObject("status");
    if (height < 0) {
      status.put("confirmed", false);
    } else {
      status
          .put("confirmed", true)
          .put("block_height", height)
          .put("block_hash", String.format("%064x", height))
          .put("block_time", 1767225600);
    }
    transactions.put(txid, tx);
  }

  private void install() {
    esplora.on(
        "/tx/*",
        request -> {
          String txid = request.path("method").asText().substring("/tx/".length());
          ObjectNode tx = transactions.get(txid);
          return tx == null
              ? new Reply(404, "Transaction not found", Duration.ZERO, false)
              : Reply.json(tx.toString());
        });
    esplora.on("/blocks/tip/height", request -> Reply.json(Long.toString(tip)));
  }

  /** A payment of {@code sats} from {@code wallet} with exactly the 3 confirmations required. */
  String paid(String wallet, long sats) {
    String txid = newTx();
    tx(txid, List.of(wallet), TIP - 2, SERVICE, sats, wallet, 123_456);
    return txid;
  }

  /** The payer's own purchase: with its senderProof when the sender is a {@link Payers} payer. */
  static Response buyKey(String txid, Object amount) {
    Map<String, Object> body = new HashMap<>();
    body.put("txHash", txid);
    body.put("chainId", "bitcoin");
    body.put("appName", "bitcoin");
    if (amount != null) {
      body.put("amount", amount);
    }
    String sender = SENDERS.getOrDefault(txid.toLowerCase(java.util.Locale.ROOT), "");
    return given()
        .contentType(ContentType.JSON)
        .body(Payers.proven(sender, "keys/buy", body))
        .post("/v1/keys/buy");
  }

  /**
   * The front-run on bitcoin, whose confirmations give an attacker about 30 minutes: a stranger
   * posting the txid gets no key, nor does another wallet's proof; the payer's BIP-137 proof from
   * bitcoinjs-message claims it, for each address type that can sign one.
   */
  @ParameterizedTest
  @ValueSource(strings = {"p2pkh", "p2wpkh", "p2sh(p2wpkh)"})
  void theFrontRun_getsNoKey_andThePayersBip137ProofClaims(String type) {
    Payers.Payer payer = Payers.fresh("bitcoin", type.equals("p2pkh") ? null : type);
    String txid = paid(payer.address(), 100_000);
    Map<String, Object> bare = new HashMap<>();
    bare.put("txHash", txid);
    bare.put("chainId", "bitcoin");
    bare.put("appName", "bitcoin");
    given()
        .contentType(ContentType.JSON)
        .body(bare)
        .post("/v1/keys/buy")
        .then()
        .statusCode(403)
        .body("key", nullValue());
    Map<String, Object> forged = new HashMap<>(bare);
    forged.put("senderProof", Payers.fresh("bitcoin", null).keysBuy("bitcoin", "bitcoin", txid));
    given()
        .contentType(ContentType.JSON)
        .body(forged)
        .post("/v1/keys/buy")
        .then()
        .statusCode(403)
        .body("key", nullValue())
        .body("error.message", containsString("is not " + payer.address()));
    assertThat(PaymentRows.count(pool, txid)).isZero();
    Map<String, Object> own = new HashMap<>(bare);
    own.put("senderProof", payer.keysBuy("bitcoin", "bitcoin", txid));
    given()
        .contentType(ContentType.JSON)
        .body(own)
        .post("/v1/keys/buy")
        .then()
        .statusCode(200)
        .body("wallet", equalTo(payer.address()))
        .body("key", containsString("svc_live_"));
  }

  @Test
  void aValidPayment_buysAKey_valuedAtTheFeed_thenCreditsFromTheSameWallet() {
    String wallet = newWallet();
    // 41 666 sats at 60 000 USD = 24.9996 USD: 24.99 USD (cut to whole cents), 624 credits
    String txid = paid(wallet, 41_666);
    String key =
        buyKey(txid.toUpperCase(), null)
            .then()
            .statusCode(200)
            .body("apiKeyCredits", equalTo(624))
            .body("wallet", equalTo(wallet))
            .body("token", equalTo("BTC"))
            .body("chainName", equalTo("Bitcoin"))
            .body("usdcPaid", equalTo("24.99"))
            .body("authMethod", equalTo("apiKey"))
            .body("accessPass", nullValue())
            .extract()
            .path("key");
    assertThat(key).startsWith("svc_live_");
    assertThat(esplora.requests("/blocks/tip/height")).isNotEmpty();

    // 0.002 BTC = 120 USD at 33 per USD; the declared amount is not compared for bitcoin
    String second = newTx();
    tx(second, List.of(wallet), TIP - 10, SERVICE, 200_000);
    given()
        .contentType(ContentType.JSON)
        .header("X-API-Key", key)
        .body(Map.of("txHash", second, "chainId", "bitcoin", "amount", 5))
        .post("/v1/credits/buy")
        .then()
        .statusCode(200)
        .body("data.creditsAdded", equalTo(3960))
        .body("data.totalCredits", equalTo(4584))
        .body("data.token", equalTo("BTC"))
        .body("data.wallet", equalTo(wallet));
    assertThat(Ledger.balance(pool, PaymentRows.of(pool, txid).getLong("api_key_id")))
        .isEqualTo(4584);
    assertThat(PaymentRows.of(pool, txid).getString("sender")).isEqualTo(wallet);
  }

  @Test
  void aPaymentToAnotherAddress_isNotAPayment() {
    String txid = newTx();
    tx(txid, List.of(ALICE), TIP - 5, BOB, 500_000);
    refused(buyKey(txid, null), "not to the service's receiving address " + SERVICE);
    assertThat(PaymentRows.count(pool, txid)).isZero();
  }

  @Test
  void unconfirmedOrTooFewConfirmations_isRefused_untilTheTipHasMovedOn() {
    String txid = newTx();
    tx(txid, List.of(ALICE), -1, SERVICE, 100_000);
    refused(buyKey(txid, null), "has 0 of the 3 confirmations chain bitcoin requires");
    tx(txid, List.of(ALICE), TIP - 1, SERVICE, 100_000);
    refused(buyKey(txid, null), "has 2 of the 3 confirmations chain bitcoin requires");
    assertThat(PaymentRows.count(pool, txid)).isZero();
  }

  @Test
  void inputsFromMoreThanOneAddress_areRefused() {
    String txid = newTx();
    tx(txid, List.of(ALICE, BOB), TIP - 5, SERVICE, 500_000);
    refused(buyKey(txid, null), "pays from more than one sender");
    assertThat(PaymentRows.count(pool, txid)).isZero();
  }

  @Test
  void belowFiveUsdAtTheFeed_isRefused() {
    String txid = newTx();
    // 8 332 sats = 4.9992 USD
    tx(txid, List.of(ALICE), TIP - 5, SERVICE, 8_332);
    refused(buyKey(txid, null), "(4.99 USD at 60000 BTC/USD, block ");
  }

  @Test
  void anUnknownTransaction_isNotAPayment() {
    refused(buyKey(newTx(), null), "is not on chain bitcoin (no receipt)");
  }

  @Test
  void anUnreadableNode_is503_andCreditsNothing() {
    String txid = paid(ALICE, 100_000);
    esplora.on("/tx/*", Reply.status(503));
    unavailable(buyKey(txid, null));
    assertThat(esplora.requests()).as("the reads were retried").hasSizeGreaterThan(1);
    assertThat(PaymentRows.count(pool, txid)).isZero();
  }

  @Test
  void aStaleFeed_is503_neverAGuess_andThePurchaseWorksOnceItIsUpdated() {
    String wallet = newWallet();
    String txid = paid(wallet, 100_000);
    BtcUsdFeed.set(SIXTY_THOUSAND, Instant.now().minus(Duration.ofMinutes(66)), 2);
    buyKey(txid, null)
        .then()
        .statusCode(503)
        .header("Retry-After", "3")
        .body("error.code", equalTo("rpc_failure"))
        .body("error.failedConditions[0].source", equalTo("chain_read"))
        .body("error.failedConditions[0].chainId", equalTo(1))
        .body(
            "error.failedConditions[0].message",
            containsString("the BTC/USD price was last updated at"))
        .body(
            "error.failedConditions[0].message",
            containsString("more than 3900 s ago; it is not used"));
    assertThat(PaymentRows.count(pool, txid)).isZero();

    BtcUsdFeed.set(SIXTY_THOUSAND.multiply(BigInteger.TWO), Instant.now(), 3);
    // 0.001 BTC at 120 000 USD = 120 USD at 33 per USD
    buyKey(txid, null)
        .then()
        .statusCode(200)
        .body("apiKeyCredits", equalTo(3960))
        .body("usdcPaid", equalTo("120"));
  }

  @Test
  void aFeedThatAnswersNoPrice_is503_namingThePrice() {
    String txid = paid(ALICE, 100_000);
    BtcUsdFeed.set(BigInteger.ZERO, Instant.now(), 4);
    buyKey(txid, null)
        .then()
        .statusCode(503)
        .body("error.failedConditions[0].chainId", equalTo(1))
        .body("error.failedConditions[0].message", equalTo("the BTC/USD price could not be read"));
    assertThat(PaymentRows.count(pool, txid)).isZero();
  }

  @Test
  void aTxid_creditsOnce_sequentially_andUnderConcurrentReplays() throws Exception {
    String txid = paid(newWallet(), 100_000);
    List<Integer> statuses = Concurrently.run(6, () -> buyKey(txid, null).statusCode());
    assertThat(statuses).containsOnly(200, 409);
    assertThat(statuses.stream().filter(s -> s == 200)).hasSize(1);
    buyKey(txid, null)
        .then()
        .statusCode(409)
        .body("error.message", containsString("Transaction " + txid + " was already credited"));
    assertThat(PaymentRows.count(pool, txid)).isEqualTo(1);
  }

  @Test
  void aHashInAnotherForm_isA400_beforeAnyRead() {
    buyKey("0x" + newTx(), null)
        .then()
        .statusCode(400)
        .body("error.message", containsString("is not a bitcoin transaction id (64 hex digits)"));
    buyKey(newTx().substring(2), null).then().statusCode(400);
    assertThat(esplora.requests()).isEmpty();
  }

  private static void refused(Response response, String reason) {
    response
        .then()
        .statusCode(400)
        .body("error.message", containsString(reason))
        .body("error.message", containsString("Nothing was credited."));
  }

  private static void unavailable(Response response) {
    response
        .then()
        .statusCode(503)
        .header("Retry-After", "3")
        .body("error.code", equalTo("rpc_failure"))
        .body("error.failedConditions[0].chainId", equalTo("bitcoin"))
        .body(
            "error.failedConditions[0].message",
            equalTo("the payment transaction could not be read"));
  }
}
