package org.walletstate.adapters.http.payment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.X402Calls.assertWithheldAtSettlement;
import static org.walletstate.adapters.http.testbed.X402Calls.attestBody;
import static org.walletstate.adapters.http.testbed.X402Calls.paid;
import static org.walletstate.adapters.http.testbed.X402Calls.paidInV1;
import static org.walletstate.adapters.http.testbed.X402Calls.paymentResponse;
import static org.walletstate.adapters.http.testbed.X402Calls.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.FacilitatorTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.X402Calls.V1Call;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.devnet.replay.Reply;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.domain.payment.SvmPayment;
import org.walletstate.domain.solana.SolanaTransaction;

/**
 * x402 paid calls in USDC on Solana, settled through the facilitator only: the payment is built for
 * the service's own quote by the official client ({@code @x402/svm}'s {@code ExactSvmScheme}),
 * checked by the service, verified before the work and settled after it by a facilitator of the
 * official packages ({@code @x402/core} + {@code @x402/svm}) against a local Solana JSON-RPC
 * replay, which records the transactions sent.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(FacilitatorTestResource.class)
class X402SolanaTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
  private static final String USDT = "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB";
  private static final String ELSEWHERE = "BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA";

  @Inject Pool pool;

  private final FaultProxy chain10 = DevnetTestResource.chain10();

  @AfterEach
  void passEverythingAgain() {
    chain10.reset();
    FacilitatorTestResource.resetSolana();
  }

  private static ObjectNode solanaEntry(JsonNode quote) {
    for (JsonNode entry : quote.path("accepts")) {
      if (SOLANA.equals(entry.path("network").asText())) {
        return (ObjectNode) entry;
      }
    }
    throw new AssertionError("the quote offers no Solana entry: " + quote);
  }

  private static String newSeed() {
    byte[] seed = new byte[32];
    RANDOM.nextBytes(seed);
    return "0x" + HexFormat.of().formatHex(seed);
  }

  /** A payment built by the official SVM client for {@code quote}'s Solana entry. */
  private static JsonNode pay(String seed, JsonNode quote) {
    ObjectNode request = JSON.createObjectNode();
    request.put("privateKey", seed);
    request.put("network", SOLANA);
    request.put("rpcUrl", FacilitatorTestResource.solanaRpc().url().toString());
    request.set("paymentRequired", quote);
    return Devnet.shared().x402Payer().pay(request);
  }

  /** The quote with its Solana entry changed by {@code change}. */
  private static JsonNode altered(JsonNode quote, Consumer<ObjectNode> change) {
    JsonNode copy = quote.deepCopy();
    change.accept(solanaEntry(copy));
    return copy;
  }

  private static String payerSignature(JsonNode payment) {
    byte[] wire =
        Base64.getDecoder()
            .decode(payment.path("payload").path("payload").path("transaction").asText());
    return SvmPayment.payerSignature(SolanaTransaction.decode(wire)).orElseThrow();
  }

  private List<Row> rows(JsonNode payment) {
    List<Row> rows = new ArrayList<>();
    pool.preparedQuery(
            "select state, tx_hash, token, payer, amount from x402_payment"
                + " where network = $1 and payment_id = $2")
        .execute(Tuple.of(SOLANA, payerSignature(payment)))
        .await()
        .indefinitely()
        .forEach(rows::add);
    return rows;
  }

  private static SolanaReplay chain() {
    return FacilitatorTestResource.solana();
  }

  @Test
  void theQuoteOffersSolana_withTheFacilitatorsFeePayer() throws Exception {
    ObjectNode entry = solanaEntry(quote(attestBody()));

    assertThat(entry.path("scheme").asText()).isEqualTo("exact");
    assertThat(entry.path("asset").asText()).isEqualTo(FacilitatorTestResource.SOLANA_USDC);
    assertThat(entry.path("payTo").asText()).isEqualTo(FacilitatorTestResource.SOLANA_PAY_TO);
    assertThat(entry.path("amount").asText()).isEqualTo("50000");
    assertThat(entry.path("extra").path("feePayer").asText())
        .isEqualTo(FacilitatorTestResource.solanaFeePayer());
  }

  @Test
  void aPaidAttest_isSettledOnSolanaByTheFacilitator_andAnsweredOnce() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode payment = pay(newSeed(), quote(body));
    String header = payment.path("header").asText();

    Response answer = paid("/v1/attest", header, body);

    assertThat(verified(answer).results()).hasSize(1);
    assertThat(answer.jsonPath().getString("meta.creditsCharged")).isNull();
    JsonNode settled = paymentResponse(answer);
    assertThat(settled.path("success").asBoolean()).isTrue();
    assertThat(settled.path("network").asText()).isEqualTo(SOLANA);
    assertThat(settled.path("payer").asText()).isEqualTo(payment.path("payer").asText());
    String signature = settled.path("transaction").asText();
    // the transaction the replay saw: the payer's, now signed by the facilitator as fee payer
    assertThat(chain().sent()).containsKey(signature);
    SolanaTransaction sent =
        SolanaTransaction.decode(Base64.getDecoder().decode(chain().sent().get(signature)));
    assertThat(sent.feePayer().text()).isEqualTo(FacilitatorTestResource.solanaFeePayer());
    assertThat(SvmPayment.payerSignature(sent)).contains(payerSignature(payment));
    // verified (simulated) before the work, verified again by the facilitator's settle
    assertThat(FacilitatorTestResource.solanaRpc().requests("simulateTransaction")).hasSize(2);
    List<Row> rows = rows(payment);
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0).getString("state")).isEqualTo("settled");
    assertThat(rows.get(0).getString("tx_hash")).isEqualTo(signature);
    assertThat(rows.get(0).getString("token")).isEqualTo(FacilitatorTestResource.SOLANA_USDC);
    assertThat(rows.get(0).getString("payer")).isEqualTo(payment.path("payer").asText());
    assertThat(rows.get(0).getBigDecimal("amount")).isEqualByComparingTo("50000");

    // the same header again buys nothing, and nothing more is sent
    paid("/v1/attest", header, body)
        .then()
        .statusCode(402)
        .body("ok", equalTo(false))
        .body("error.message", containsString("this payment already paid for a call"));
    assertThat(chain().sent()).hasSize(sentBefore(signature));
  }

  /** How many transactions the replay had seen once {@code signature} was sent (all so far). */
  private static int sentBefore(String signature) {
    assertThat(chain().sent()).containsKey(signature);
    return chain().sent().size();
  }

  @Test
  void aV1PaymentOfTheOfficialSvmClient_sentAsXPayment_isSettledLikeAV2One() throws Exception {
    Map<String, Object> body = attestBody();
    ObjectNode request = JSON.createObjectNode();
    request.put("privateKey", newSeed());
    request.put("network", SOLANA);
    request.put("rpcUrl", FacilitatorTestResource.solanaRpc().url().toString());
    request.set("paymentRequired", quote(body));
    V1Call call = paidInV1(request, "solana", body);
    JsonNode payment = call.payment();
    Response answer = call.answer();

    assertThat(verified(answer).results()).hasSize(1);
    JsonNode settled = paymentResponse(answer);
    assertThat(settled.path("network").asText()).isEqualTo(SOLANA);
    assertThat(chain().sent()).containsKey(settled.path("transaction").asText());
    assertThat(rows(payment))
        .singleElement()
        .satisfies(r -> assertThat(r.getString("state")).isEqualTo("settled"));
  }

  @Test
  void concurrentReplaysOfOnePayment_buyOneAnswer() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode payment = pay(newSeed(), quote(body));
    String header = payment.path("header").asText();
    int sentBefore = chain().sent().size();

    ExecutorService four = Executors.newFixedThreadPool(4);
    List<Callable<Integer>> calls = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      calls.add(() -> paid("/v1/attest", header, body).statusCode());
    }
    List<Integer> statuses = new ArrayList<>();
    for (Future<Integer> f : four.invokeAll(calls)) {
      statuses.add(f.get());
    }
    four.shutdown();

    assertThat(statuses).filteredOn(s -> s == 200).hasSize(1);
    assertThat(statuses).filteredOn(s -> s == 402).hasSize(3);
    assertThat(chain().sent()).hasSize(sentBefore + 1);
    assertThat(rows(payment))
        .singleElement()
        .satisfies(r -> assertThat(r.getString("state")).isEqualTo("settled"));
  }

  @Test
  void paymentsThatDoNotPayTheQuote_areRefused402_andNothingIsSettled() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String seed = newSeed();
    chain().mint(USDT, 6, SolanaReplay.TOKEN);
    int sentBefore = chain().sent().size();

    assertRefused(
        pay(seed, altered(quote, e -> e.put("asset", USDT))),
        body,
        "it moves the mint " + USDT + ", not the quoted " + FacilitatorTestResource.SOLANA_USDC);
    assertRefused(
        pay(seed, altered(quote, e -> e.put("payTo", ELSEWHERE))),
        body,
        "the associated token account of the quoted payTo "
            + FacilitatorTestResource.SOLANA_PAY_TO);
    assertRefused(
        pay(seed, altered(quote, e -> e.put("amount", "49999"))),
        body,
        "it transfers 49999 atomic units, less than the quoted 50000");
    assertRefused(
        pay(seed, altered(quote, e -> ((ObjectNode) e.path("extra")).put("feePayer", ELSEWHERE))),
        body,
        "its fee payer is " + ELSEWHERE + ", not the quoted feePayer");

    assertThat(chain().sent()).hasSize(sentBefore);
    assertThat(FacilitatorTestResource.solanaRpc().requests("simulateTransaction")).isEmpty();
  }

  private void assertRefused(JsonNode payment, Object body, String reason) {
    Response refused = paid("/v1/attest", payment.path("header").asText(), body);
    refused
        .then()
        .statusCode(402)
        .body("ok", equalTo(false))
        .body("error.message", containsString("Payment refused: "))
        .body("error.message", containsString(reason))
        .body("error.message", containsString("Nothing was charged"));
    assertThat(refused.header("payment-required")).isNotBlank();
    assertThat(refused.header("PAYMENT-RESPONSE")).isNull();
    assertThat(rows(payment)).isEmpty();
  }

  @Test
  void aPaymentTheFacilitatorCannotSimulate_isRefusedBeforeTheWork() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode payment = pay(newSeed(), quote(body));
    FacilitatorTestResource.solanaRpc()
        .on("simulateTransaction", Reply.json(chain().simulationFailed("InsufficientFunds")));
    int sentBefore = chain().sent().size();

    paid("/v1/attest", payment.path("header").asText(), body)
        .then()
        .statusCode(402)
        .body(
            "error.message",
            containsString(
                "Payment refused: the facilitator found it invalid"
                    + " (invalid_exact_svm_transaction_simulation_failed)"));
    assertThat(chain().sent()).hasSize(sentBefore);
    assertThat(rows(payment)).isEmpty();
    assertThat(chain10.counts().calls("eth_call")).isZero();
  }

  @Test
  void aFailedReadDuringTheWork_settlesNothing_andTheSamePaymentBuysTheAnswerLater()
      throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode payment = pay(newSeed(), quote(body));
    String header = payment.path("header").asText();
    int sentBefore = chain().sent().size();

    chain10.install(Rule.of(Match.any(), Fault.status(503)));
    paid("/v1/attest", header, body)
        .then()
        .statusCode(503)
        .body("error.code", equalTo("rpc_failure"));
    assertThat(chain().sent()).hasSize(sentBefore);
    assertThat(rows(payment)).isEmpty();
    chain10.reset();

    Response answer = paid("/v1/attest", header, body);
    assertThat(verified(answer).results()).hasSize(1);
    assertThat(chain().sent()).containsKey(paymentResponse(answer).path("transaction").asText());
  }

  @Test
  void aSettlementTheFacilitatorRefuses_withholdsTheAnswer() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode payment = pay(newSeed(), quote(body));
    int sentBefore = chain().sent().size();
    // the node refuses the facilitator's transaction (the documented JSON-RPC error shape)
    FacilitatorTestResource.solanaRpc()
        .on(
            "sendTransaction",
            Reply.json(
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32002,\"message\":\"Transaction"
                    + " simulation failed: Blockhash not found\"},\"id\":1}"));

    Response answer = paid("/v1/attest", payment.path("header").asText(), body);

    assertWithheldAtSettlement(
        answer, "the facilitator refused the settlement (invalid_exact_svm_transaction_failed);");
    assertThat(chain().sent()).hasSize(sentBefore);
    assertThat(rows(payment))
        .singleElement()
        .satisfies(r -> assertThat(r.getString("state")).isEqualTo("unsettled"));

    // the payment was spent on this service: it buys nothing now
    FacilitatorTestResource.resetSolana();
    paid("/v1/attest", payment.path("header").asText(), body)
        .then()
        .statusCode(402)
        .body("error.message", containsString("already paid for a call"));
    assertThat(chain().sent()).hasSize(sentBefore);
  }

  @Test
  void aSolanaPaymentThatIsNotATransaction_is400() {
    for (String transaction : List.of("not base64!", "AQID", "")) {
      String payload =
          "{\"x402Version\":2,\"accepted\":{\"scheme\":\"exact\",\"network\":\""
              + SOLANA
              + "\"},\"payload\":{\"transaction\":\""
              + transaction
              + "\"}}";
      given()
          .header(
              "PAYMENT-SIGNATURE",
              Base64.getEncoder().encodeToString(payload.getBytes(StandardCharsets.UTF_8)))
          .contentType(ContentType.JSON)
          .body(attestBody())
          .post("/v1/attest")
          .then()
          .statusCode(400)
          .body("ok", equalTo(false))
          .body("error.message", containsString("payload.transaction"));
    }
  }

  @Test
  void mutatedPaymentHeaders_areRefusedOrBuyOneAnswer_neverA500() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode payment = pay(newSeed(), quote(body));
    ObjectNode payload = (ObjectNode) payment.path("payload");
    byte[] wire = Base64.getDecoder().decode(payload.path("payload").path("transaction").asText());
    java.util.Random r = new java.util.Random(20_261_125L);
    int sentBefore = chain().sent().size();
    List<Integer> statuses = new ArrayList<>();
    for (int i = 0; i < 48; i++) {
      byte[] mutated =
          switch (i % 4) {
            case 0 -> flip(wire, r); // one bit anywhere: signatures, header, keys, data
            case 1 -> java.util.Arrays.copyOf(wire, r.nextInt(wire.length)); // cut short
            case 2 -> { // junk after the message
              byte[] longer = java.util.Arrays.copyOf(wire, wire.length + 1 + r.nextInt(8));
              longer[wire.length] = (byte) r.nextInt(256);
              yield longer;
            }
            default -> { // random bytes of a plausible size
              byte[] junk = new byte[1 + r.nextInt(600)];
              r.nextBytes(junk);
              yield junk;
            }
          };
      ObjectNode changed = payload.deepCopy();
      ((ObjectNode) changed.path("payload"))
          .put("transaction", Base64.getEncoder().encodeToString(mutated));
      Response answer =
          paid(
              "/v1/attest",
              Base64.getEncoder()
                  .encodeToString(
                      JSON.writeValueAsString(changed).getBytes(StandardCharsets.UTF_8)),
              body);
      assertThat(answer.statusCode()).as(answer.asString()).isIn(200, 400, 402);
      statuses.add(answer.statusCode());
    }
    // a flipped bit in the fee payer's empty slot still carries the payer's signature: whatever
    // the mutations, that signature buys one answer at most, and is settled once at most
    assertThat(statuses).filteredOn(s -> s == 200).hasSizeLessThanOrEqualTo(1);
    assertThat(chain().sent().size() - sentBefore).isLessThanOrEqualTo(1);
    assertThat(statuses).filteredOn(s -> s == 400).isNotEmpty();
    assertThat(statuses).filteredOn(s -> s == 402).isNotEmpty();
  }

  private static byte[] flip(byte[] wire, java.util.Random r) {
    byte[] copy = wire.clone();
    copy[r.nextInt(copy.length)] ^= (byte) (1 << r.nextInt(8));
    return copy;
  }
}
