package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.walletstate.adapters.http.DiscountsTest.HOLDER;
import static org.walletstate.adapters.http.DiscountsTest.M;
import static org.walletstate.adapters.http.DiscountsTest.body;
import static org.walletstate.adapters.http.DiscountsTest.freeKey;
import static org.walletstate.adapters.http.DiscountsTest.post;
import static org.walletstate.adapters.http.DiscountsTest.proof;
import static org.walletstate.adapters.http.DiscountsTest.serviceHost;
import static org.walletstate.adapters.http.DiscountsTest.signProof;
import static org.walletstate.adapters.http.DiscountsTest.store;
import static org.walletstate.adapters.http.testbed.Payments.USDC_BASE;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.filter.log.LogDetail;
import io.restassured.response.ValidatableResponse;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.SolanaTransactions;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;

/**
 * {@code POST /v1/payment/confirm} as an attacker tries it, against the devnet (chain 8453's USDC),
 * the Solana replay server and real PostgreSQL: another customer's transfer, a transfer older than
 * the code, a wrong amount and a stranger's key are each refused with their documented status and
 * leave the code valid; the real payer, proven by a signature made with ethers or {@code
 * @solana/kit}, then confirms it. Also the proven-wallet rule, codes without a total, and the
 * expiry grace.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class PaymentConfirmTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  /** 20% (the dNFT tier) off a 46.00 subtotal. */
  private static final long DUE_RAW = 36_800_000;

  private static final String DUE = "36.80";

  @Inject Pool pool;

  @BeforeAll
  static void showBodiesOnFailure() {
    RestAssured.enableLoggingOfRequestAndResponseIfValidationFails(LogDetail.BODY);
  }

  @AfterEach
  void heal() {
    DevnetTestResource.chain8453().reset();
  }

  // --- fixtures --------------------------------------------------------------------------------

  /** A wallet of {@code family} whose key the test holds: {@code [privateKey, address]}. */
  static String[] wallet(String family) {
    byte[] key = new byte[32];
    RANDOM.nextBytes(key);
    String hex = HexFormat.of().formatHex(key);
    return new String[] {hex, sign(family, hex, null).get("address").asText()};
  }

  static JsonNode sign(String family, String privateKey, String message) {
    ObjectNode request = JSON.createObjectNode().put("family", family);
    request.put("privateKey", privateKey);
    if (message != null) {
      request.put("message", message);
    }
    return Devnet.shared().payerSigner().sign(request);
  }

  /** The documented text of a payer proof. */
  static String text(String code, String tx, String chain, Instant issuedAt) {
    return "Payment confirmation for "
        + serviceHost()
        + "\nCode: "
        + code
        + "\nTransaction: "
        + tx
        + "\nChain: "
        + chain
        + "\nIssued At: "
        + issuedAt.truncatedTo(ChronoUnit.SECONDS);
  }

  /** {@code payerProof} signed now by {@code privateKey} for {@code code} and {@code tx}. */
  static Map<String, Object> payerProof(
      String family, String privateKey, String code, String tx, String chain) {
    String message = text(code, tx, chain, Instant.now());
    return Map.of(
        "message",
        message,
        "signature",
        sign(family, privateKey, message).get("signature").asText());
  }

  static Map<String, Object> confirm(
      String code, String tx, Object chain, String amount, Map<String, Object> proof) {
    Map<String, Object> b = new HashMap<>();
    b.put("code", code);
    b.put("txHash", tx);
    b.put("chainId", chain);
    b.put("amount", amount);
    if (proof != null) {
      b.put("payerProof", proof);
    }
    return b;
  }

  /** The answer to {@code key} confirming {@code code} with {@code body}. */
  static ValidatableResponse confirming(String key, Map<String, Object> body) {
    return post(key, "/v1/payment/confirm", body).then().log().ifValidationFails();
  }

  /**
   * The answer to {@code key} confirming {@code code} with {@code tx} on {@code chain}, declaring
   * {@code amount}, with a proof signed now by the {@code family} wallet {@code signer}.
   */
  static ValidatableResponse confirming(
      String key,
      String code,
      String tx,
      String chain,
      String amount,
      String family,
      String signer) {
    Object chainId = chain.equals("solana") ? chain : Long.parseLong(chain);
    return confirming(
        key, confirm(code, tx, chainId, amount, payerProof(family, signer, code, tx, chain)));
  }

  /** A store of {@code owner} taking USDC at {@code usdcPayment} (JSON). */
  static String usdcStore(String owner, String usdcPayment) {
    return store(owner, "{\"usdcPayment\":" + usdcPayment + "}");
  }

  /** A code for HOLDER (unproven) on a 46.00 order, issued by {@code key}. */
  static String code(String key, String store) {
    Map<String, Object> b = body(store, HOLDER);
    b.put("subtotal", 4600);
    String code =
        post(key, "/v1/ucp/discount", b)
            .then()
            .statusCode(200)
            .extract()
            .path("data.verification.code");
    pause(); // block times are whole seconds: pay in a later second than the code's creation
    return code;
  }

  static void pause() {
    try {
      Thread.sleep(1_100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** {@code raw} USDC from {@code from} to {@code to} on 8453, with one confirmation more. */
  static String pay(String from, String to, long raw) {
    keepUpWithTheWallClock();
    String tx = Payments.transfer(8453, from, USDC_BASE, to, raw);
    Payments.mine(8453, 1);
    return tx;
  }

  /**
   * Gives 8453's next block a time no earlier than this machine's clock, as a live chain's blocks
   * have: the shared devnet's clock falls behind it when another test class reverts a snapshot, and
   * a transfer made after a code was issued would then carry an earlier block time.
   */
  static void keepUpWithTheWallClock() {
    JsonNode head = Payments.rpc(8453).call("eth_getBlockByNumber", "latest", false);
    long headTime = Long.decode(head.get("timestamp").asText());
    long next = Math.max(Instant.now().getEpochSecond() + 1, headTime + 1);
    Payments.rpc(8453).call("evm_setNextBlockTimestamp", next);
  }

  /** The time of the block holding {@code tx} on 8453, as the chain states it. */
  static Instant minedAt(String tx) {
    JsonNode receipt = Payments.rpc(8453).call("eth_getTransactionReceipt", tx);
    JsonNode block =
        Payments.rpc(8453).call("eth_getBlockByNumber", receipt.get("blockNumber").asText(), false);
    return Instant.ofEpochSecond(Long.decode(block.get("timestamp").asText()));
  }

  /** Waits until this machine's clock is past {@code time} (the chain's clock may lead it). */
  static void until(Instant time) {
    while (!Instant.now().isAfter(time)) {
      pause();
    }
  }

  /** A funded 8453 wallet whose key the test holds. */
  static String[] payer() {
    String[] payer = wallet("evm");
    Payments.fund(8453, payer[1], USDC_BASE, 200_000_000);
    return payer;
  }

  Row row(String code) {
    return DiscountsTest.one(
        pool,
        "select used_at, payment_tx_hash, payment_sender from discount_code where code = $1",
        code);
  }

  /** Nothing was recorded: the code is still valid and names no payment. */
  void unused(String code) {
    assertThat(row(code).getValue("used_at")).isNull();
    assertThat(row(code).getValue("payment_tx_hash")).isNull();
    given().get("/v1/codes/" + code).then().statusCode(200).body("data.valid", equalTo(true));
  }

  void move(String code, Duration createdAgo, Duration expiresAgo) {
    Instant now = Instant.now();
    pool.preparedQuery("update discount_code set created_at = $2, expires_at = $3 where code = $1")
        .execute(
            Tuple.of(
                code,
                now.minus(createdAgo).atOffset(ZoneOffset.UTC),
                now.minus(expiresAgo).atOffset(ZoneOffset.UTC)))
        .await()
        .atMost(Duration.ofSeconds(30));
  }

  // --- the foreign-payment confirm -------------------------------------------------------------

  @Test
  void foreignPayments_areEachRefused_recordingNothing_thenTheRealPayerConfirms() {
    String owner = freeKey();
    String storeAddress = Payments.fundedWallet(8453, USDC_BASE, 0);
    String id = usdcStore(owner, "{\"evmAddress\":\"" + storeAddress + "\"}");
    String[] payer = payer();
    String older = pay(payer[1], storeAddress, DUE_RAW); // before the code existed
    until(minedAt(older).plusSeconds(1));
    String code = code(owner, id);

    // another customer's transfer, posted without a proof, or with the attacker's own signature
    String[] other = payer();
    String foreign = pay(other[1], storeAddress, DUE_RAW);
    confirming(owner, confirm(code, foreign, 8453, DUE, null))
        .statusCode(403)
        .body("error.message", containsString("send payerProof"));
    String[] attacker = wallet("evm");
    confirming(owner, code, foreign, "8453", DUE, "evm", attacker[0])
        .statusCode(403)
        .body("error.message", containsString("not signed by the payment's sender"));
    unused(code);

    // the payer's own transfer made before the code: refused even with the payer's proof
    confirming(owner, code, older, "8453", DUE, "evm", payer[0])
        .statusCode(400)
        .body("error.message", containsString("not after the second the code was created in"));
    unused(code);

    // a wrong amount: declared, or paid
    String short_ = pay(payer[1], storeAddress, 30_000_000);
    confirming(owner, code, short_, "8453", "30", "evm", payer[0])
        .statusCode(400)
        .body("error.message", containsString("is not the code's discounted total 36.80"));
    confirming(owner, code, short_, "8453", DUE, "evm", payer[0])
        .statusCode(400)
        .body("error.message", containsString("does not match"));
    unused(code);

    // the real payment (after a second code for the same order), but a stranger's key
    String second = code(owner, id);
    String real = pay(payer[1], storeAddress, DUE_RAW);
    Map<String, Object> honest =
        confirm(code, real, 8453, DUE, payerProof("evm", payer[0], code, real, "8453"));
    confirming(freeKey(), honest)
        .statusCode(403)
        .body("error.message", containsString("only by its store's owner key or the key that"));
    unused(code);

    // a proof made for another code, and a sign-in message, are not this payment's proof
    Map<String, Object> elsewhere =
        confirm(code, real, 8453, DUE, payerProof("evm", payer[0], "SVC-22222", real, "8453"));
    confirming(owner, elsewhere).statusCode(403);
    JsonNode signIn = signProof("0x" + payer[0], id, Instant.now(), DiscountsTest.nonce());
    confirming(owner, confirm(code, real, 8453, DUE, proof(signIn)))
        .statusCode(403)
        .body("error.message", containsString("five-line payment confirmation text"));
    unused(code);

    // the real payer confirms; the same again is a replay; the transaction confirms one code
    confirming(owner, honest)
        .statusCode(200)
        .body("data.status", equalTo("already_used"))
        .body("data.replayed", equalTo(false))
        .body("data.amount", equalTo("36.8"));
    assertThat(row(code).getString("payment_sender")).isEqualTo(payer[1].toLowerCase());
    confirming(owner, honest).statusCode(200).body("data.replayed", equalTo(true));
    confirming(owner, second, real, "8453", DUE, "evm", payer[0])
        .statusCode(409)
        .body("error.message", containsString("already confirmed another discount code"));
    unused(second);
  }

  @Test
  void theIssuingKeyConfirms_aStaleProofDoesNot() {
    String owner = freeKey();
    String storeAddress = Payments.fundedWallet(8453, USDC_BASE, 0);
    String id = usdcStore(owner, "{\"evmAddress\":\"" + storeAddress + "\"}");
    String checkout = freeKey(); // an agent's key, not the owner's
    String code = code(checkout, id);
    String[] payer = payer();
    String tx = pay(payer[1], storeAddress, DUE_RAW);
    String stale = text(code, tx, "8453", Instant.now().minus(Duration.ofMinutes(11)));
    Map<String, Object> old =
        Map.of(
            "message", stale, "signature", sign("evm", payer[0], stale).get("signature").asText());
    confirming(checkout, confirm(code, tx, 8453, DUE, old))
        .statusCode(403)
        .body("error.message", containsString("sign a new one"));
    unused(code);
    confirming(checkout, code, tx, "8453", DUE, "evm", payer[0])
        .statusCode(200)
        .body("data.replayed", equalTo(false));
  }

  @Test
  void aProvenWalletsCode_isConfirmedOnlyByThatWalletsTransfer() {
    String owner = freeKey();
    String storeAddress = Payments.fundedWallet(8453, USDC_BASE, 0);
    String id = usdcStore(owner, "{\"evmAddress\":\"" + storeAddress + "\"}");
    String holderKey = M.wallet("holder").privateKey().orElseThrow();
    Map<String, Object> b = body(id, HOLDER);
    b.put("subtotal", 4600);
    b.put("walletProof", proof(signProof(holderKey, id, Instant.now(), DiscountsTest.nonce())));
    String code =
        post(owner, "/v1/ucp/discount", b)
            .then()
            .statusCode(200)
            .extract()
            .path("data.verification.code");
    pause();
    String[] other = payer();
    String foreign = pay(other[1], storeAddress, DUE_RAW);
    // the other wallet's own proof does not help: the code belongs to the proven wallet
    confirming(owner, code, foreign, "8453", DUE, "evm", other[0])
        .statusCode(403)
        .body("error.message", containsString("proven wallet"));
    unused(code);
    Payments.fund(8453, HOLDER, USDC_BASE, DUE_RAW);
    String real = pay(HOLDER, storeAddress, DUE_RAW);
    confirming(owner, confirm(code, real, 8453, DUE, null))
        .statusCode(200)
        .body("data.replayed", equalTo(false));
  }

  @Test
  void aCodeWithoutATotal_orAStoreWithoutUsdc_cannotBeConfirmed() {
    String owner = freeKey();
    String storeAddress = Payments.fundedWallet(8453, USDC_BASE, 0);
    String id = usdcStore(owner, "{\"evmAddress\":\"" + storeAddress + "\"}");
    String code =
        post(owner, "/v1/verify", body(id, HOLDER))
            .then()
            .statusCode(200)
            .extract()
            .path("data.code");
    pause();
    String[] payer = payer();
    String tx = pay(payer[1], storeAddress, 12_340_000);
    confirming(owner, code, tx, "8453", "12.34", "evm", payer[0])
        .statusCode(409)
        .body("error.message", containsString("issued without an order total"));
    unused(code);

    // a store that takes no USDC has no code confirmed
    String noUsdc = store(owner, null);
    String other = code(owner, noUsdc);
    confirming(owner, other, tx, "8453", "12.34", "evm", payer[0])
        .statusCode(409)
        .body("error.message", containsString("does not take USDC"));
    unused(other);
  }

  @Test
  void anUnreadableBlock_is503_recordsNothing_andTheSameConfirmThenSucceeds() {
    String owner = freeKey();
    String storeAddress = Payments.fundedWallet(8453, USDC_BASE, 0);
    String id = usdcStore(owner, "{\"evmAddress\":\"" + storeAddress + "\"}");
    String code = code(owner, id);
    String[] payer = payer();
    String tx = pay(payer[1], storeAddress, DUE_RAW);
    Map<String, Object> honest =
        confirm(code, tx, 8453, DUE, payerProof("evm", payer[0], code, tx, "8453"));
    for (String method : new String[] {"eth_getBlockByNumber", "eth_getTransactionReceipt"}) {
      DevnetTestResource.chain8453().install(Rule.of(Match.method(method), Fault.status(502)));
      confirming(owner, honest).statusCode(503).body("error.code", equalTo("rpc_failure"));
      unused(code);
      DevnetTestResource.chain8453().reset();
    }
    confirming(owner, honest).statusCode(200);
  }

  // --- expiry and its grace --------------------------------------------------------------------

  @Test
  void aPaymentBeforeExpiry_confirmsWithinTheGrace_notAfterIt_norAPaymentAfterExpiry() {
    String owner = freeKey();
    String storeAddress = Payments.fundedWallet(8453, USDC_BASE, 0);
    String id = usdcStore(owner, "{\"evmAddress\":\"" + storeAddress + "\"}");
    String[] payer = payer();

    // paid while valid, confirmed after expiry: within the hour's grace
    String code = code(owner, id);
    String tx = pay(payer[1], storeAddress, DUE_RAW);
    Instant mined = minedAt(tx);
    until(mined.plusSeconds(2));
    pool.preparedQuery(
            "update discount_code set created_at = now() - interval '30 minutes',"
                + " expires_at = $2 where code = $1")
        .execute(Tuple.of(code, mined.plusSeconds(1).atOffset(ZoneOffset.UTC)))
        .await()
        .atMost(Duration.ofSeconds(30));
    given().get("/v1/codes/" + code).then().body("data.reason", equalTo("expired"));
    confirming(owner, code, tx, "8453", DUE, "evm", payer[0])
        .statusCode(200)
        .body("data.status", equalTo("already_used"));
    given().get("/v1/codes/" + code).then().body("data.reason", equalTo("already_used"));

    // paid after the code expired
    String late = code(owner, id);
    move(late, Duration.ofMinutes(30), Duration.ZERO);
    pause();
    String lateTx = pay(payer[1], storeAddress, DUE_RAW);
    confirming(owner, late, lateTx, "8453", DUE, "evm", payer[0])
        .statusCode(409)
        .body("error.message", containsString("was mined after it expired"));
    assertThat(row(late).getValue("used_at")).isNull();

    // past the grace
    String gone = code(owner, id);
    String goneTx = pay(payer[1], storeAddress, DUE_RAW);
    move(gone, Duration.ofMinutes(91), Duration.ofMinutes(61));
    confirming(owner, gone, goneTx, "8453", DUE, "evm", payer[0])
        .statusCode(409)
        .body("error.message", containsString("grace ended"));
    assertThat(row(gone).getValue("used_at")).isNull();
  }

  // --- Solana ----------------------------------------------------------------------------------

  /** Transactions the Solana replay answers, and its head slot. */
  static final Map<String, JsonNode> SOLANA_TXS = new ConcurrentHashMap<>();

  static void serveSolana(long head) {
    SolanaTransactions.serve(DevnetTestResource.solana(), SOLANA_TXS, () -> head);
  }

  static String solanaPayment(String from, String to, long raw, Instant minedAt) {
    String tx = SolanaTransactions.newSignature();
    SOLANA_TXS.put(
        tx,
        SolanaTransactions.transferChecked(
            tx, SolanaTransactions.USDC, from, to, raw, 5_000, minedAt.getEpochSecond()));
    return tx;
  }

  @Test
  void solana_confirmsEndToEnd_underTheSameBindingRules() {
    serveSolana(5_000 + 31); // 32 confirmations
    String owner = freeKey();
    String storeAddress = SolanaTransactions.newAccount();
    String id = usdcStore(owner, "{\"solanaAddress\":\"" + storeAddress + "\"}");
    String code = code(owner, id);
    String[] payer = wallet("solana");
    Instant now = Instant.now();

    // an EVM chain has no address at this store
    confirming(owner, confirm(code, "0x" + "ab".repeat(32), 8453, DUE, null))
        .statusCode(409)
        .body("error.message", containsString("has no EVM address"));

    // another customer's transfer, with the attacker's proof; an older transfer; a wrong amount
    String foreign = solanaPayment(SolanaTransactions.newAccount(), storeAddress, DUE_RAW, now);
    confirming(owner, code, foreign, "solana", DUE, "solana", payer[0])
        .statusCode(403)
        .body("error.message", containsString("not signed by the payment's sender"));
    String older = solanaPayment(payer[1], storeAddress, DUE_RAW, now.minus(Duration.ofMinutes(5)));
    confirming(owner, code, older, "solana", DUE, "solana", payer[0])
        .statusCode(400)
        .body("error.message", containsString("not after the second the code was created in"));
    String wrong = solanaPayment(payer[1], storeAddress, 36_700_000, now);
    confirming(owner, code, wrong, "solana", DUE, "solana", payer[0]).statusCode(400);
    // a payment to another wallet is not a payment to the store
    String elsewhere = solanaPayment(payer[1], SolanaTransactions.newAccount(), DUE_RAW, now);
    confirming(owner, code, elsewhere, "solana", DUE, "solana", payer[0]).statusCode(400);
    unused(code);

    // the real payer, its proof made with @solana/kit
    String real = solanaPayment(payer[1], storeAddress, DUE_RAW, now);
    confirming(owner, code, real, "solana", DUE, "solana", payer[0])
        .statusCode(200)
        .body("data.chainId", equalTo("solana"))
        .body("data.txHash", equalTo(real))
        .body("data.token", equalTo("USDC"))
        .body("data.amount", equalTo("36.8"));
    assertThat(row(code).getString("payment_sender")).isEqualTo(payer[1]);
  }
}
