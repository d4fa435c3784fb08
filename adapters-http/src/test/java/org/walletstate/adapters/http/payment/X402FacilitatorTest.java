package org.walletstate.adapters.http.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.X402Calls.BASE;
import static org.walletstate.adapters.http.testbed.X402Calls.assertWithheldAtSettlement;
import static org.walletstate.adapters.http.testbed.X402Calls.attestBody;
import static org.walletstate.adapters.http.testbed.X402Calls.authorizationRows;
import static org.walletstate.adapters.http.testbed.X402Calls.newEvmKey;
import static org.walletstate.adapters.http.testbed.X402Calls.paid;
import static org.walletstate.adapters.http.testbed.X402Calls.payOnBase;
import static org.walletstate.adapters.http.testbed.X402Calls.quote;
import static org.walletstate.adapters.http.testbed.X402Calls.usdcOnBase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.FacilitatorTestResource;
import org.walletstate.adapters.http.testbed.Payments;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.RpcCall;
import org.walletstate.devnet.faults.Rule;

/**
 * Paid calls settled through an x402 facilitator over its HTTP interface ({@code /verify}, {@code
 * /settle}): the facilitator is the official packages' ({@code @x402/core} + {@code @x402/evm}),
 * running on the devnet with a key of its own, and the payments are built by the official client.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(FacilitatorTestResource.class)
class X402FacilitatorTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();
  private final FaultProxy chain8453 = DevnetTestResource.chain8453();

  @AfterEach
  void passEverythingAgain() {
    chain8453.reset();
  }

  @Test
  void aPaidAttest_isSettledByTheFacilitator_fromItsOwnKey() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String amount = quote.path("accepts").path(0).path("amount").asText();
    String payTo = quote.path("accepts").path(0).path("payTo").asText();
    String key = newEvmKey();
    JsonNode payment = payOnBase(key, quote);
    String payer = payment.path("payer").asText();
    Payments.fund(BASE, payer, Payments.USDC_BASE, 1_000_000);
    BigInteger before = usdcOnBase(payTo);

    Response answer = paid("/v1/attest", payment.path("header").asText(), body);

    assertThat(verified(answer).results()).hasSize(1);
    JsonNode settled =
        JSON.readTree(
            new String(
                Base64.getDecoder().decode(answer.header("PAYMENT-RESPONSE")),
                StandardCharsets.UTF_8));
    assertThat(settled.path("success").asBoolean()).isTrue();
    String tx = settled.path("transaction").asText();
    JsonNode mined = Payments.rpc(BASE).call("eth_getTransactionByHash", tx);
    assertThat(mined.path("from").asText())
        .isEqualToIgnoringCase(FacilitatorTestResource.address());
    assertThat(Payments.succeeded(BASE, tx)).isTrue();
    assertThat(usdcOnBase(payTo).subtract(before)).isEqualTo(new BigInteger(amount));
    assertThat(usdcOnBase(payer))
        .isEqualTo(BigInteger.valueOf(1_000_000).subtract(new BigInteger(amount)));
    assertThat(authorizationRows(pool, payment, "settled")).isEqualTo(1);
  }

  @Test
  void aPaymentTheFacilitatorFindsInvalid_isRefused_withTheAnswerWithheld() throws Exception {
    Map<String, Object> body = attestBody();
    JsonNode quote = quote(body);
    String payTo = quote.path("accepts").path(0).path("payTo").asText();
    String key = newEvmKey();
    JsonNode payment = payOnBase(key, quote);
    String payer = payment.path("payer").asText();
    Payments.fund(BASE, payer, Payments.USDC_BASE, 1_000_000);
    String away = m.wallet("empty").address();
    BigInteger payToBefore = usdcOnBase(payTo);
    // the service's own checks pass (its balance read, then its simulation of
    // transferWithAuthorization); right after the simulation, the payer moves its USDC away, so the
    // facilitator's verification finds the funds missing
    chain8453.install(
        Rule.of(
                Match.callWith("eth_call", "e3ee160e"),
                Fault.moveHead(
                    RpcCall.of("anvil_impersonateAccount", payer),
                    RpcCall.of(
                        "eth_sendTransaction",
                        Map.of(
                            "from",
                            payer,
                            "to",
                            Payments.USDC_BASE,
                            "gas",
                            "0x30d40",
                            "data",
                            "0xa9059cbb"
                                + Payments.word(away)
                                + Payments.word(BigInteger.valueOf(1_000_000))))))
            .once());

    Response answer = paid("/v1/attest", payment.path("header").asText(), body);

    assertWithheldAtSettlement(answer, "the facilitator found it invalid (");
    assertThat(usdcOnBase(payTo)).isEqualTo(payToBefore);
    assertThat(authorizationRows(pool, payment, "unsettled")).isEqualTo(1);
    assertThat(authorizationRows(pool, payment, "settled")).isZero();
  }
}
