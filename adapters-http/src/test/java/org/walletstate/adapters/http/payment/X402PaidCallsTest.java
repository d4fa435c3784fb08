package org.walletstate.adapters.http.payment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.X402Calls.BASE;
import static org.walletstate.adapters.http.testbed.X402Calls.assertWithheldAtSettlement;
import static org.walletstate.adapters.http.testbed.X402Calls.attestBody;
import static org.walletstate.adapters.http.testbed.X402Calls.authorizationRows;
import static org.walletstate.adapters.http.testbed.X402Calls.newEvmKey;
import static org.walletstate.adapters.http.testbed.X402Calls.paid;
import static org.walletstate.adapters.http.testbed.X402Calls.paidInV1;
import static org.walletstate.adapters.http.testbed.X402Calls.payOnBase;
import static org.walletstate.adapters.http.testbed.X402Calls.paymentResponse;
import static org.walletstate.adapters.http.testbed.X402Calls.quote;
import static org.walletstate.adapters.http.testbed.X402Calls.usdcOnBase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TrustChainsTestResource;
import org.walletstate.adapters.http.testbed.X402Calls.V1Call;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.RpcCall;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * x402 paid retries on the devnet: the payment is built for the service's own quote by the official
 * x402 client packages ({@code @x402/core}, {@code @x402/evm}), checked by the service, and settled
 * on chain 8453 by its relayer; the answer is checked with the verifier SDK.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class X402PaidCallsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();
  private final FaultProxy chain8453 = DevnetTestResource.chain8453();

  @AfterEach
  void passEverythingAgain() {
    chain10.reset();
    chain8453.reset();
  }

  /** A payer with gas and {@code usdc} atomic units of USDC on 8453. */
  private static String fundedPayer(String privateKey, JsonNode quote, long usdc) {
    String payer = payOnBase(privateKey, quote).path("payer").asText();
    Payments.fund(BASE, payer, Payments.USDC_BASE, usdc);
    return payer;
  }

  private static boolean nonceUsedOnChain(JsonNode payment) {
    JsonNode auth = payment.path("payload").path("payload").path("authorization");
    String data =
        "0xe94a0102"
            + Payments.word(auth.path("from").asText())
            + auth.path("nonce").asText().substring(2);
    return JsonRpc.quantity(Payments.rpc(BASE).ethCall(Payments.USDC_BASE, data, "latest")).signum()
        != 0;
  }

  @Test
  void aPaidAttest_isAnsweredSignedAndSettledOnChain_onceForItsAuthorization() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String amount = quote.path("accepts").path(0).path("amount").asText();
    String payTo = quote.path("accepts").path(0).path("payTo").asText();
    String key = newEvmKey();
    String payer = fundedPayer(key, quote, 1_000_000);
    JsonNode payment = payOnBase(key, quote);
    BigInteger before = usdcOnBase(payTo);

    Response answer = paid("/v1/attest", payment.path("header").asText(), body);

    VerifiedAttestation attestation = verified(answer);
    assertThat(attestation.results()).hasSize(1);
    assertThat(answer.jsonPath().getString("meta.creditsCharged")).isNull();
    JsonNode settled = paymentResponse(answer);
    assertThat(settled.path("success").asBoolean()).isTrue();
    assertThat(settled.path("network").asText()).isEqualTo("eip155:8453");
    assertThat(settled.path("payer").asText()).isEqualToIgnoringCase(payer);
    String tx = settled.path("transaction").asText();
    assertThat(Payments.succeeded(BASE, tx)).isTrue();
    assertThat(usdcOnBase(payTo).subtract(before)).isEqualTo(new BigInteger(amount));
    assertThat(usdcOnBase(payer))
        .isEqualTo(BigInteger.valueOf(1_000_000).subtract(new BigInteger(amount)));
    assertThat(nonceUsedOnChain(payment)).isTrue();
    assertThat(authorizationRows(pool, payment, "settled")).isEqualTo(1);

    // the same authorization again: refused, nothing read or moved
    paid("/v1/attest", payment.path("header").asText(), body)
        .then()
        .statusCode(402)
        .body("ok", equalTo(false))
        .body("error.message", containsString("Payment refused"));
    assertThat(usdcOnBase(payTo).subtract(before)).isEqualTo(new BigInteger(amount));
  }

  @Test
  void concurrentReplaysOfOnePayment_buyOneAnswer() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String key = newEvmKey();
    String payer = fundedPayer(key, quote, 1_000_000);
    JsonNode payment = payOnBase(key, quote);
    String header = payment.path("header").asText();
    BigInteger before = usdcOnBase(payer);

    ExecutorService pool8 = Executors.newFixedThreadPool(6);
    List<Callable<Integer>> calls = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      calls.add(() -> paid("/v1/attest", header, body).statusCode());
    }
    List<Integer> statuses = new ArrayList<>();
    for (Future<Integer> f : pool8.invokeAll(calls)) {
      statuses.add(f.get());
    }
    pool8.shutdown();

    assertThat(statuses).filteredOn(s -> s == 200).hasSize(1);
    assertThat(statuses).filteredOn(s -> s == 402).hasSize(5);
    assertThat(before.subtract(usdcOnBase(payer)))
        .isEqualTo(new BigInteger(quote.path("accepts").path(0).path("amount").asText()));
    assertThat(authorizationRows(pool, payment, "settled")).isEqualTo(1);
  }

  @Test
  void aFailedRead_isNeverCharged_andTheSamePaymentBuysTheAnswerOnceTheChainRecovers()
      throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String key = newEvmKey();
    String payer = fundedPayer(key, quote, 1_000_000);
    JsonNode payment = payOnBase(key, quote);
    String header = payment.path("header").asText();

    chain10.install(Rule.of(Match.any(), Fault.status(503)));
    paid("/v1/attest", header, body)
        .then()
        .statusCode(503)
        .body("error.code", equalTo("rpc_failure"));
    assertThat(usdcOnBase(payer)).isEqualTo(BigInteger.valueOf(1_000_000));
    assertThat(nonceUsedOnChain(payment)).isFalse();
    assertThat(
            authorizationRows(pool, payment, "claimed")
                + authorizationRows(pool, payment, "settled"))
        .isZero();
    chain10.reset();

    verified(paid("/v1/attest", header, body));
    assertThat(usdcOnBase(payer)).isLessThan(BigInteger.valueOf(1_000_000));
  }

  @Test
  void aPaymentWhoseStateCannotBeRead_is503_andNothingIsDone() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String key = newEvmKey();
    fundedPayer(key, quote, 1_000_000);
    JsonNode payment = payOnBase(key, quote);

    chain8453.install(Rule.of(Match.any(), Fault.status(503)));
    paid("/v1/attest", payment.path("header").asText(), body)
        .then()
        .statusCode(503)
        .body("error.code", equalTo("rpc_failure"))
        .body("error.failedConditions[0].source", equalTo("chain_read"))
        .body("error.failedConditions[0].chainId", equalTo(8453));
    chain8453.reset();
    assertThat(nonceUsedOnChain(payment)).isFalse();
    assertThat(authorizationRows(pool, payment, "claimed")).isZero();
  }

  @Test
  void paymentsThatDoNotPayTheQuote_areRefused402_withTheQuote() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String key = newEvmKey();
    String payer = fundedPayer(key, quote, 1_000_000);

    // underpaid: the client signed a quote for less than the body costs
    ObjectNode cheaper = quote.deepCopy();
    ((ObjectNode) cheaper.path("accepts").path(0)).put("amount", "49999");
    assertRefused(payOnBase(key, cheaper), body, "less than the quoted 50000");

    // another recipient
    ObjectNode elsewhere = quote.deepCopy();
    ((ObjectNode) elsewhere.path("accepts").path(0)).put("payTo", m.wallet("treasury").address());
    assertRefused(payOnBase(key, elsewhere), body, "not the quoted payTo");

    // signed under another EIP-712 domain (version 1)
    ObjectNode otherDomain = quote.deepCopy();
    ((ObjectNode) otherDomain.path("accepts").path(0).path("extra")).put("version", "1");
    assertRefused(payOnBase(key, otherDomain), body, "does not recover the payer");

    // a payment for a cheaper body, sent with a dearer one (proofs double the price)
    Map<String, Object> dearer = new java.util.LinkedHashMap<>(body);
    dearer.put("proof", "merkle");
    assertRefused(payOnBase(key, quote), dearer, "less than the quoted 100000");

    // a payer without the funds
    String poorKey = newEvmKey();
    fundedPayer(poorKey, quote, 10);
    assertRefused(payOnBase(poorKey, quote), body, "less than the 50000 it authorizes");

    assertThat(usdcOnBase(payer)).isEqualTo(BigInteger.valueOf(1_000_000));
  }

  private static void assertRefused(JsonNode payment, Object body, String reason) {
    Response refused = paid("/v1/attest", payment.path("header").asText(), body);
    refused
        .then()
        .statusCode(402)
        .body("ok", equalTo(false))
        .body("error.message", containsString(reason))
        .body("error.message", containsString("Nothing was charged"));
    assertThat(refused.header("payment-required")).isNotBlank();
  }

  /** A funded payer's payment for the attest body, with what the test checks after it. */
  private record Prepared(Map<String, Object> body, String payer, String payTo, JsonNode payment) {
    String header() {
      return payment.path("header").asText();
    }
  }

  private Prepared prepared() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String key = newEvmKey();
    String payer = fundedPayer(key, quote, 1_000_000);
    return new Prepared(
        body, payer, quote.path("accepts").path(0).path("payTo").asText(), payOnBase(key, quote));
  }

  /** Nothing served (no data, no PAYMENT-RESPONSE) and nothing moved on chain. */
  private void nothingServedOrMoved(Response answer, Prepared p, BigInteger payToBefore) {
    assertThat(answer.jsonPath().getString("data")).isNull();
    assertThat(answer.header("PAYMENT-RESPONSE")).isNull();
    assertThat(usdcOnBase(p.payer())).isEqualTo(BigInteger.valueOf(1_000_000));
    assertThat(usdcOnBase(p.payTo())).isEqualTo(payToBefore);
    assertThat(nonceUsedOnChain(p.payment())).isFalse();
    assertThat(authorizationRows(pool, p.payment(), "unsettled")).isEqualTo(1);
    assertThat(authorizationRows(pool, p.payment(), "settled")).isZero();
  }

  @Test
  void aSettlementTheChainRefuses_withholdsTheAnswer_andMovesNothing() throws Exception {
    Prepared p = prepared();
    BigInteger payToBefore = usdcOnBase(p.payTo());
    chain8453.install(
        Rule.of(
            Match.method("eth_sendRawTransaction"),
            Fault.rpcError(-32000, "replacement transaction underpriced")));

    Response answer = paid("/v1/attest", p.header(), p.body());

    assertWithheldAtSettlement(answer, "the chain refused the settlement transaction;");
    assertThat(answer.header("payment-required")).isNotBlank();
    nothingServedOrMoved(answer, p, payToBefore);

    // the authorization was spent on this service: it buys nothing now, and still moves nothing
    chain8453.reset();
    paid("/v1/attest", p.header(), p.body())
        .then()
        .statusCode(402)
        .body("error.message", containsString("Payment refused"));
    assertThat(usdcOnBase(p.payer())).isEqualTo(BigInteger.valueOf(1_000_000));
  }

  @Test
  void aSettlementThatReverts_withholdsTheAnswer_andMovesNothing() throws Exception {
    Prepared p = prepared();
    BigInteger payToBefore = usdcOnBase(p.payTo());
    String away = m.wallet("empty").address();
    BigInteger awayBefore = usdcOnBase(away);
    // after the checks passed and the work was done, right before the relayer sends (when it reads
    // the tip to offer), the payer moves its USDC away: the authorization's transfer then reverts
    chain8453.install(
        Rule.of(
                Match.method("eth_maxPriorityFeePerGas"),
                Fault.moveHead(
                    RpcCall.of("anvil_impersonateAccount", p.payer()),
                    RpcCall.of(
                        "eth_sendTransaction",
                        Map.of(
                            "from",
                            p.payer(),
                            "to",
                            Payments.USDC_BASE,
                            "gas",
                            "0x30d40",
                            "data",
                            "0xa9059cbb"
                                + Payments.word(away)
                                + Payments.word(BigInteger.valueOf(1_000_000))))))
            .once());

    Response answer = paid("/v1/attest", p.header(), p.body());

    assertWithheldAtSettlement(answer, "the settlement transaction reverted;");
    assertThat(chain8453.counts().faults("move_head")).isEqualTo(1);
    assertThat(usdcOnBase(away).subtract(awayBefore)).isEqualTo(BigInteger.valueOf(1_000_000));
    assertThat(usdcOnBase(p.payTo())).isEqualTo(payToBefore);
    assertThat(nonceUsedOnChain(p.payment())).isFalse();
    assertThat(authorizationRows(pool, p.payment(), "unsettled")).isEqualTo(1);
  }

  @Test
  void aSettlementWhoseOutcomeIsUnknown_is503_withTheAnswerWithheld() throws Exception {
    Prepared p = prepared();
    BigInteger payToBefore = usdcOnBase(p.payTo());
    // the relayer's transaction never reaches the node, and the relayer cannot know that
    chain8453.install(Rule.of(Match.method("eth_sendRawTransaction"), Fault.dropConnection()));

    Response answer = paid("/v1/attest", p.header(), p.body());

    answer
        .then()
        .statusCode(503)
        .header("Retry-After", "3")
        .body("ok", equalTo(false))
        .body(
            "error.message",
            equalTo(
                "The payment's settlement did not complete (the chain did not answer the"
                    + " settlement); the answer was withheld. This payment is spent for this"
                    + " service: if its transfer lands, nothing more is owed; sign a new payment"
                    + " to retry."));
    nothingServedOrMoved(answer, p, payToBefore);

    chain8453.reset();
    paid("/v1/attest", p.header(), p.body()).then().statusCode(402);
    assertThat(usdcOnBase(p.payer())).isEqualTo(BigInteger.valueOf(1_000_000));
  }

  @Test
  void aV1PaymentBuiltByTheOfficialClient_sentAsXPayment_isSettledLikeAV2One() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String amount = quote.path("accepts").path(0).path("amount").asText();
    String key = newEvmKey();
    String payer = fundedPayer(key, quote, 1_000_000);
    ObjectNode request = JSON.createObjectNode();
    request.put("privateKey", key);
    request.put("network", "eip155:8453");
    request.set("paymentRequired", quote);
    V1Call call = paidInV1(request, "base", body);
    JsonNode payment = call.payment();
    Response answer = call.answer();

    assertThat(verified(answer).results()).hasSize(1);
    JsonNode settled = paymentResponse(answer);
    assertThat(settled.path("network").asText()).isEqualTo("eip155:8453");
    assertThat(Payments.succeeded(BASE, settled.path("transaction").asText())).isTrue();
    assertThat(usdcOnBase(payer))
        .isEqualTo(BigInteger.valueOf(1_000_000).subtract(new BigInteger(amount)));
    assertThat(authorizationRows(pool, payment, "settled")).isEqualTo(1);
  }

  @Test
  void aMalformedPaymentHeader_is400() {
    for (String header :
        List.of(
            "not base64!",
            Base64.getEncoder().encodeToString("[1]".getBytes(StandardCharsets.UTF_8)),
            Base64.getEncoder()
                .encodeToString(
                    "{\"x402Version\":2,\"accepted\":{\"scheme\":\"exact\",\"network\":\"eip155:8453\"},\"payload\":{}}"
                        .getBytes(StandardCharsets.UTF_8)))) {
      given()
          .header("X-PAYMENT", header)
          .contentType(ContentType.JSON)
          .body(attestBody())
          .post("/v1/attest")
          .then()
          .statusCode(400)
          .body("ok", equalTo(false));
    }
  }

  @Test
  void aPaidTrustProfile_isSettledLikeAnAttestation() throws Exception {
    Map<String, Object> body = Map.of("wallet", m.wallet("holder").address());
    Response quoted = given().contentType(ContentType.JSON).body(body).post("/v1/trust");
    assertThat(quoted.statusCode()).as(quoted.asString()).isEqualTo(402);
    JsonNode quote = JSON.readTree(quoted.asString());
    String key = newEvmKey();
    String payer = fundedPayer(key, quote, 1_000_000);
    JsonNode payment = payOnBase(key, quote);

    Response answer = paid("/v1/trust", payment.path("header").asText(), body);

    assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(200);
    assertThat(answer.jsonPath().getString("data.trust.id")).startsWith("TRST-");
    assertThat(answer.jsonPath().getString("data.sig")).isNotBlank();
    assertThat(paymentResponse(answer).path("success").asBoolean()).isTrue();
    assertThat(BigInteger.valueOf(1_000_000).subtract(usdcOnBase(payer)))
        .isEqualTo(new BigInteger(quote.path("accepts").path(0).path("amount").asText()));
    assertThat(authorizationRows(pool, payment, "settled")).isEqualTo(1);

    // a batch of two wallets costs twice as much: this payment does not buy it
    Map<String, Object> batch =
        Map.of("wallets", List.of(body, Map.of("wallet", m.wallet("treasury").address())));
    Response batchQuote = given().contentType(ContentType.JSON).body(batch).post("/v1/trust/batch");
    JsonNode batchQuoted = JSON.readTree(batchQuote.asString());
    assertThat(batchQuoted.path("accepts").path(0).path("amount").asText()).isEqualTo("300000");
    Response batchAnswer =
        paid("/v1/trust/batch", payOnBase(key, batchQuoted).path("header").asText(), batch);
    assertThat(batchAnswer.statusCode()).as(batchAnswer.asString()).isEqualTo(200);
    assertThat(batchAnswer.jsonPath().getInt("data.summary.succeeded")).isEqualTo(2);
    assertThat(paymentResponse(batchAnswer).path("success").asBoolean()).isTrue();
    assertThat(BigInteger.valueOf(1_000_000).subtract(usdcOnBase(payer)))
        .isEqualTo(BigInteger.valueOf(150_000 + 300_000));
  }
}
