package org.walletstate.adapters.http.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.X402Calls.BASE;
import static org.walletstate.adapters.http.testbed.X402Calls.attestBody;
import static org.walletstate.adapters.http.testbed.X402Calls.authorizationRows;
import static org.walletstate.adapters.http.testbed.X402Calls.newEvmKey;
import static org.walletstate.adapters.http.testbed.X402Calls.paid;
import static org.walletstate.adapters.http.testbed.X402Calls.payOnBase;
import static org.walletstate.adapters.http.testbed.X402Calls.paymentResponse;
import static org.walletstate.adapters.http.testbed.X402Calls.quote;
import static org.walletstate.adapters.http.testbed.X402Calls.usdcOnBase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TrustChainsTestResource;
import org.walletstate.application.port.out.SenderNonces;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.RpcCall;
import org.walletstate.devnet.faults.Rule;

/**
 * The settlement pipeline on the devnet, as an attacker holding one price and many keys would try
 * it, with payments built by the official x402 client packages from npm (x402 core and EVM): what
 * is refused is refused before the work and costs the relayer nothing; what is settled is sent
 * once, under a nonce of its own, and the payment's row names the hash that mined.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class X402SettlementTest {

  @Inject Pool pool;
  @Inject SenderNonces nonces;

  private final FaultProxy chain10 = DevnetTestResource.chain10();
  private final FaultProxy chain8453 = DevnetTestResource.chain8453();
  private final String relayer = Devnet.shared().manifest().wallet("relayer").address();

  @AfterEach
  void passEverythingAgain() {
    chain10.reset();
    chain8453.reset();
    Payments.rpc(BASE).call("evm_setAutomine", true);
  }

  private static long relayerNonce(String relayer) {
    return JsonRpc.quantity(
            Payments.rpc(BASE).call("eth_getTransactionCount", relayer, "latest").asText())
        .longValueExact();
  }

  private static BigInteger price(JsonNode quote) {
    return new BigInteger(quote.path("accepts").path(0).path("amount").asText());
  }

  private static String payTo(JsonNode quote) {
    return quote.path("accepts").path(0).path("payTo").asText();
  }

  private long rows(String payer, String state) {
    return pool.preparedQuery("select count(*) from x402_payment where payer = $1 and state = $2")
        .execute(Tuple.of(payer.toLowerCase(Locale.ROOT), state))
        .await()
        .indefinitely()
        .iterator()
        .next()
        .getLong(0);
  }

  @Test
  void tenConcurrentAuthorizations_fromAWalletHoldingOnePrice_buyOneAnswer_andOneTransaction()
      throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String key = newEvmKey();
    List<String> headers = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      headers.add(payOnBase(key, quote).path("header").asText());
    }
    String payer = payOnBase(key, quote).path("payer").asText();
    Payments.fund(BASE, payer, Payments.USDC_BASE, price(quote).longValueExact());
    BigInteger before = usdcOnBase(payTo(quote));
    long nonce = relayerNonce(relayer);

    ExecutorService callers = Executors.newFixedThreadPool(10);
    List<Callable<Response>> calls = new ArrayList<>();
    for (String header : headers) {
      calls.add(() -> paid("/v1/attest", header, body));
    }
    List<Response> answers = new ArrayList<>();
    for (Future<Response> f : callers.invokeAll(calls)) {
      answers.add(f.get());
    }
    callers.shutdown();

    List<Response> answered = answers.stream().filter(r -> r.statusCode() == 200).toList();
    assertThat(answered).as("exactly one answer").hasSize(1);
    verified(answered.get(0));
    assertThat(answers)
        .filteredOn(r -> r.statusCode() != 200)
        .hasSize(9)
        .allSatisfy(
            r -> {
              assertThat(r.statusCode()).as(r.asString()).isEqualTo(402);
              assertThat(r.jsonPath().getString("error.message")).startsWith("Payment refused: ");
              assertThat(r.header("PAYMENT-RESPONSE")).isNull();
            });
    assertThat(relayerNonce(relayer)).as("the relayer sent one transaction").isEqualTo(nonce + 1);
    assertThat(usdcOnBase(payTo(quote)).subtract(before)).isEqualTo(price(quote));
    assertThat(usdcOnBase(payer)).isZero();
    assertThat(rows(payer, "settled")).isEqualTo(1);
    assertThat(rows(payer, "claimed") + rows(payer, "unsettled")).isZero();
  }

  @Test
  void anAuthorizationThatWouldExpireDuringTheWork_isRefusedBeforeTheWork() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    ObjectNode brief = quote.deepCopy();
    ((ObjectNode) brief.path("accepts").path(0)).put("maxTimeoutSeconds", 20);
    String key = newEvmKey();
    JsonNode payment = payOnBase(key, brief);
    String payer = payment.path("payer").asText();
    Payments.fund(BASE, payer, Payments.USDC_BASE, 1_000_000);
    long nonce = relayerNonce(relayer);
    long reads = chain10.counts().requests();

    Response answer = paid("/v1/attest", payment.path("header").asText(), body);

    assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(402);
    assertThat(answer.jsonPath().getString("error.message"))
        .contains("it must stay valid for at least 270 s after it arrives");
    assertThat(answer.header("payment-required")).isNotBlank();
    assertThat(chain10.counts().requests()).as("the work never started").isEqualTo(reads);
    assertThat(relayerNonce(relayer)).isEqualTo(nonce);
    assertThat(usdcOnBase(payer)).isEqualTo(BigInteger.valueOf(1_000_000));
    assertThat(authorizationRows(pool, payment, "claimed")).isZero();

    // one signed for far longer than the quote asks is refused as well
    ObjectNode lasting = quote.deepCopy();
    ((ObjectNode) lasting.path("accepts").path(0)).put("maxTimeoutSeconds", 86_400);
    Response tooLong = paid("/v1/attest", payOnBase(key, lasting).path("header").asText(), body);
    assertThat(tooLong.statusCode()).as(tooLong.asString()).isEqualTo(402);
    assertThat(tooLong.jsonPath().getString("error.message")).contains("longer than the 330 s");
    assertThat(chain10.counts().requests()).isEqualTo(reads);

    // signed for the quote's own timeout, the same wallet is answered
    verified(paid("/v1/attest", payOnBase(key, quote).path("header").asText(), body));
  }

  @Test
  void aTransferTheTokenWouldRefuse_isRefusedBeforeTheWork_andNothingIsSent() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String key = newEvmKey();
    JsonNode payment = payOnBase(key, quote);
    Payments.fund(BASE, payment.path("payer").asText(), Payments.USDC_BASE, 1_000_000);
    long nonce = relayerNonce(relayer);
    long reads = chain10.counts().requests();
    // the node answers the simulation of transferWithAuthorization (selector e3ee160e) as a revert
    chain8453.install(
        Rule.of(Match.callWith("eth_call", "0xe3ee160e"), Fault.rpcError(3, "execution reverted")));

    Response answer = paid("/v1/attest", payment.path("header").asText(), body);

    assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(402);
    assertThat(answer.jsonPath().getString("error.message"))
        .contains("transferWithAuthorization reverts when simulated");
    assertThat(chain10.counts().requests()).as("the work never started").isEqualTo(reads);
    assertThat(relayerNonce(relayer)).isEqualTo(nonce);
    assertThat(authorizationRows(pool, payment, "claimed")).isZero();
  }

  @Test
  void aStuckSettlement_isReplacedUnderItsNonce_andTheRowNamesTheHashThatMined() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String key = newEvmKey();
    JsonNode payment = payOnBase(key, quote);
    String payer = payment.path("payer").asText();
    Payments.fund(BASE, payer, Payments.USDC_BASE, 1_000_000);
    long nonce = relayerNonce(relayer);
    BigInteger before = usdcOnBase(payTo(quote));
    long sends = chain8453.counts().calls("eth_sendRawTransaction");
    // right after the relayer's gas estimate the chain stops mining: its first version waits
    chain8453.install(
        Rule.of(
                Match.method("eth_estimateGas"),
                Fault.moveHead(RpcCall.of("evm_setAutomine", false)))
            .once());

    CompletableFuture<Response> call =
        CompletableFuture.supplyAsync(
            () -> paid("/v1/attest", payment.path("header").asText(), body));
    Instant until = Instant.now().plus(Duration.ofSeconds(60));
    while (chain8453.counts().calls("eth_sendRawTransaction") == sends
        && Instant.now().isBefore(until)) {
      Thread.sleep(100);
    }
    // the next version (the replacement) is taken, and the chain mines again
    chain8453.install(
        Rule.of(
                Match.method("eth_sendRawTransaction"),
                Fault.moveHead(RpcCall.of("evm_setAutomine", true), RpcCall.of("evm_mine")))
            .once());
    Response answer = call.get(90, TimeUnit.SECONDS);

    verified(answer);
    assertThat(chain8453.counts().calls("eth_sendRawTransaction") - sends)
        .as("the first version and its replacement")
        .isEqualTo(2);
    String mined = paymentResponse(answer).path("transaction").asText();
    JsonNode transaction = Payments.rpc(BASE).call("eth_getTransactionByHash", mined);
    assertThat(JsonRpc.quantity(transaction.path("nonce").asText()).longValueExact())
        .as("the replacement carries the first version's nonce")
        .isEqualTo(nonce);
    assertThat(relayerNonce(relayer)).isEqualTo(nonce + 1);
    assertThat(usdcOnBase(payTo(quote)).subtract(before)).isEqualTo(price(quote));
    assertThat(settledHash(payer)).isEqualToIgnoringCase(mined);
  }

  @Test
  void aSendTheNodeNeverTook_leavesNoGap_theNextSettlementTakesItsNonce() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    JsonNode lostPayment = payOnBase(newEvmKey(), quote);
    Payments.fund(BASE, lostPayment.path("payer").asText(), Payments.USDC_BASE, 1_000_000);
    JsonNode next = payOnBase(newEvmKey(), quote);
    Payments.fund(BASE, next.path("payer").asText(), Payments.USDC_BASE, 1_000_000);
    long nonce = relayerNonce(relayer);
    // the send and both of its re-sends are lost on the way to the node
    chain8453.install(
        Rule.of(Match.method("eth_sendRawTransaction"), Fault.dropConnection()).times(3));

    Response lost = paid("/v1/attest", lostPayment.path("header").asText(), body);
    assertThat(lost.statusCode()).as(lost.asString()).isEqualTo(503);
    assertThat(lost.header("PAYMENT-RESPONSE")).isNull();
    assertThat(relayerNonce(relayer)).isEqualTo(nonce);

    Response answer = paid("/v1/attest", next.path("header").asText(), body);
    verified(answer);
    String mined = paymentResponse(answer).path("transaction").asText();
    JsonNode transaction = Payments.rpc(BASE).call("eth_getTransactionByHash", mined);
    assertThat(JsonRpc.quantity(transaction.path("nonce").asText()).longValueExact())
        .as("the lost send's nonce, handed out again")
        .isEqualTo(nonce);
    assertThat(relayerNonce(relayer)).isEqualTo(nonce + 1);
  }

  @Test
  void aNonceReleasedBelowAWaitingSettlement_isFilled_andTheSettlementMines() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    JsonNode payment = payOnBase(newEvmKey(), quote);
    Payments.fund(BASE, payment.path("payer").asText(), Payments.USDC_BASE, 1_000_000);
    String sender = relayer.toLowerCase(Locale.ROOT);
    Instant now = Instant.now();
    // another settlement of the burst holds the next nonce, its send not answered yet
    long held =
        nonces
            .allocate(8453, sender, relayerNonce(relayer), now, now.plus(Duration.ofMinutes(10)))
            .await()
            .atMost(Duration.ofSeconds(10));
    long sends = chain8453.counts().calls("eth_sendRawTransaction");

    CompletableFuture<Response> call =
        CompletableFuture.supplyAsync(
            () -> paid("/v1/attest", payment.path("header").asText(), body));
    Instant until = Instant.now().plus(Duration.ofSeconds(60));
    while (chain8453.counts().calls("eth_sendRawTransaction") == sends
        && Instant.now().isBefore(until)) {
      Thread.sleep(100);
    }
    // that send turns out never taken: its nonce is released below the waiting settlement
    nonces.unused(8453, sender, held).await().atMost(Duration.ofSeconds(10));
    Response answer = call.get(90, TimeUnit.SECONDS);

    verified(answer);
    String mined = paymentResponse(answer).path("transaction").asText();
    JsonNode transaction = Payments.rpc(BASE).call("eth_getTransactionByHash", mined);
    assertThat(JsonRpc.quantity(transaction.path("nonce").asText()).longValueExact())
        .as("the settlement waited above the released nonce")
        .isEqualTo(held + 1);
    assertThat(relayerNonce(relayer)).isEqualTo(held + 2);
    JsonNode filler = minedWithNonce(sender, held);
    assertThat(filler.path("to").asText()).as("a transfer to itself").isEqualToIgnoringCase(sender);
    assertThat(JsonRpc.quantity(filler.path("value").asText())).isZero();
  }

  @Test
  void aBaseFeeAboveTheFeeCeiling_sendsNoSettlement_andTheCallerIsNotCharged() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    JsonNode payment = payOnBase(newEvmKey(), quote);
    String payer = payment.path("payer").asText();
    Payments.fund(BASE, payer, Payments.USDC_BASE, 1_000_000);
    long nonce = relayerNonce(relayer);
    // a base fee of 600 gwei, above the default walletstate.x402.max-fee-per-gas of 500 gwei
    Payments.rpc(BASE).call("anvil_setNextBlockBaseFeePerGas", "0x8bb2c97000");
    Payments.rpc(BASE).call("evm_mine");
    try {
      Response answer = paid("/v1/attest", payment.path("header").asText(), body);

      assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(503);
      assertThat(answer.jsonPath().getString("error.message"))
          .contains("the settlement was not sent: the chain's fees are above the ceiling");
      assertThat(answer.header("PAYMENT-RESPONSE")).isNull();
      assertThat(relayerNonce(relayer)).as("the relayer sent nothing").isEqualTo(nonce);
      assertThat(usdcOnBase(payer)).isEqualTo(BigInteger.valueOf(1_000_000));
      assertThat(rows(payer, "settled")).isZero();
    } finally {
      Payments.rpc(BASE).call("anvil_setNextBlockBaseFeePerGas", "0x3b9aca00");
      Payments.rpc(BASE).call("evm_mine");
    }
  }

  /** The relayer's mined transaction under {@code nonce}, among the last twenty blocks. */
  private static JsonNode minedWithNonce(String sender, long nonce) {
    JsonNode block = Payments.rpc(BASE).call("eth_getBlockByNumber", "latest", true);
    for (int i = 0; i < 20; i++) {
      for (JsonNode transaction : block.path("transactions")) {
        if (transaction.path("from").asText().equalsIgnoreCase(sender)
            && JsonRpc.quantity(transaction.path("nonce").asText()).longValueExact() == nonce) {
          return transaction;
        }
      }
      block =
          Payments.rpc(BASE).call("eth_getBlockByHash", block.path("parentHash").asText(), true);
    }
    throw new AssertionError("no transaction of " + sender + " under nonce " + nonce);
  }

  private String settledHash(String payer) {
    return pool.preparedQuery(
            "select tx_hash from x402_payment where payer = $1 and state = 'settled'")
        .execute(Tuple.of(payer.toLowerCase(Locale.ROOT)))
        .await()
        .indefinitely()
        .iterator()
        .next()
        .getString("tx_hash");
  }
}
