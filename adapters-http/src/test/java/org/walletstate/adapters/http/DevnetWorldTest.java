package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.mcp.McpToolNames;
import org.walletstate.adapters.http.testbed.LocalWorldTestResource;
import org.walletstate.adapters.http.testbed.Payers;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.TrustChainsTestResource;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.adapters.http.testbed.X402Calls;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.replay.BitcoinReplay;
import org.walletstate.devnet.replay.LocalNodeRequests;
import org.walletstate.devnet.replay.LocalNodes;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.TrustProfileReport;

/**
 * The service configured only by the settings {@code ./run.sh --devnet} gives it ({@link
 * LocalWorldTestResource}: the devnet's chains, {@code LocalWorld}'s local nodes, receivers,
 * relayer, access pass, facilitator and feed) answers on every chain family from the scenario:
 * attestations on the seven families and a trust profile with every optional wallet, each signed
 * and accepted in full by the verifier SDK; the 402 quote lists the five networks in the specified
 * order, and paid retries settle through the facilitator on Base and on Solana; a key is bought
 * with a bitcoin payment on the local Esplora node at the feed's price, claimed with the sender's
 * BIP-137 proof once it has its confirmations; the devnet's tour (every operation through the
 * official clients, the ten MCP tools included) passes every step.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(LocalWorldTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class DevnetWorldTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DevnetManifest M = Devnet.shared().manifest();

  @Inject Pool pool;

  private TestKeys.TestKey key;

  @BeforeEach
  void key() {
    key = TestKeys.create(pool, 1000, 1000, KeyVersion.V2);
  }

  /** Each family's body the scenario's holder meets: EVM (USDC on Base), then the six others. */
  static List<Map<String, Object>> metOnEveryFamily() {
    Map<String, Object> evm = new LinkedHashMap<>();
    evm.put("wallet", M.wallet("holder").address());
    evm.put(
        "conditions",
        List.of(
            Map.of(
                "type",
                "token_balance",
                "chainId",
                8453,
                "contractAddress",
                M.chain(8453).address("usdc"),
                "threshold",
                "100")));
    List<Map<String, Object>> bodies = new ArrayList<>();
    bodies.add(evm);
    bodies.addAll(LocalNodeRequests.attestBodies().values());
    return bodies;
  }

  @Test
  void attestations_onTheSevenFamilies_areMet_signed_andVerifiedByTheSdk() throws Exception {
    for (Map<String, Object> body : metOnEveryFamily()) {
      Response response = attest(key.secret(), body);
      assertThat(response.statusCode()).as(body + " -> " + response.asString()).isEqualTo(200);
      verified(response);
      JsonNode results =
          JSON.readTree(response.asString()).path("data").path("attestation").path("results");
      assertThat(results.findValues("met"))
          .as(response.asString())
          .isNotEmpty()
          .allMatch(JsonNode::asBoolean);
    }
  }

  @Test
  void aTrustProfile_withEveryOptionalWallet_isSigned_andVerifiedByTheSdk() {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("wallet", M.wallet("holder").address());
    body.putAll(LocalNodeRequests.trustWallets());
    assertThat(body).hasSize(7);

    Response response =
        given()
            .header("X-API-Key", key.secret())
            .contentType(ContentType.JSON)
            .body(body)
            .post("/v1/trust");

    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    TrustProfileReport report = Verifier.fromServedKeys().reportTrustProfile(response.asString());
    assertThat(report.valid()).as(report + "\n" + response.asString()).isTrue();
    // every optional family was read: none of its checks is left "requires <wallet>"
    assertThat(response.asString()).doesNotContain("\"requires\"");
  }

  @Test
  void theQuote_listsTheFiveNetworks_inTheSpecifiedOrder() throws Exception {
    JsonNode quote = X402Calls.quote(metOnEveryFamily().get(0));
    List<String> networks = new ArrayList<>();
    quote.path("accepts").forEach(entry -> networks.add(entry.path("network").asText()));
    assertThat(networks).hasSize(5);
    assertThat(networks.subList(0, 3)).containsExactly("eip155:8453", "eip155:137", "eip155:42161");
    assertThat(networks.get(3)).startsWith("solana:");
    assertThat(networks.get(4)).isEqualTo("eip155:5042");
  }

  @Test
  void paidRetries_settleThroughTheFacilitator_onBaseAndOnSolana() throws Exception {
    // read on chain 10, so that chain 8453 carries nothing but the payment
    Map<String, Object> body = X402Calls.attestBody();
    // Base: the holder pays with its USDC, signed by the official x402 client
    JsonNode base =
        X402Calls.payOnBase(M.wallet("holder").privateKey().orElseThrow(), X402Calls.quote(body));
    Response paidOnBase = X402Calls.paid("/v1/attest", base.path("header").asText(), body);
    verified(paidOnBase);
    assertThat(X402Calls.paymentResponse(paidOnBase).path("network").asText())
        .isEqualTo("eip155:8453");
    // Solana: a fresh payer's transaction, simulated, sent and confirmed on the local node
    JsonNode quote = X402Calls.quote(body);
    ObjectNode request = JSON.createObjectNode();
    request.put("privateKey", X402Calls.newEvmKey());
    String solana = "";
    for (JsonNode entry : quote.path("accepts")) {
      if (entry.path("network").asText().startsWith("solana:")) {
        solana = entry.path("network").asText();
      }
    }
    request.put("network", solana);
    request.put("rpcUrl", LocalWorldTestResource.world().nodes().urls().get("solana").toString());
    request.set("paymentRequired", quote);
    JsonNode payment = Devnet.shared().x402Payer().pay(request);
    Response paidOnSolana = X402Calls.paid("/v1/attest", payment.path("header").asText(), body);
    verified(paidOnSolana);
    JsonNode settled = X402Calls.paymentResponse(paidOnSolana);
    assertThat(settled.path("success").asBoolean()).isTrue();
    assertThat(settled.path("network").asText()).isEqualTo(solana);
  }

  @Test
  void aKey_boughtWithBitcoin_onTheLocalEsplora_atTheFeedsPrice_withTheSendersBip137Proof() {
    BitcoinReplay chain = LocalWorldTestResource.world().nodes().bitcoin();
    Payers.Payer payer = Payers.fresh("bitcoin", "p2wpkh");
    // 31 234 sats at the devnet's 100 000 USD per BTC: 31.234 USD, cut to 31.23
    String txid = chain.pay(payer.address(), LocalNodes.BITCOIN_RECEIVER, 31_234);
    chain.mine(1);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("txHash", txid);
    body.put("chainId", "bitcoin");
    body.put("appName", "devnet bitcoin");
    body.put("senderProof", payer.keysBuy("devnet bitcoin", "bitcoin", txid));
    given()
        .contentType(ContentType.JSON)
        .body(body)
        .post("/v1/keys/buy")
        .then()
        .statusCode(400)
        .body("error.message", containsString("has 1 of the 3 confirmations"));

    chain.mine(2);
    body.put("senderProof", payer.keysBuy("devnet bitcoin", "bitcoin", txid));
    String key =
        given()
            .contentType(ContentType.JSON)
            .body(body)
            .post("/v1/keys/buy")
            .then()
            .statusCode(200)
            .body("wallet", equalTo(payer.address()))
            .body("token", equalTo("BTC"))
            .body("usdcPaid", equalTo("31.23"))
            .body("authMethod", equalTo("apiKey"))
            .extract()
            .path("key");
    assertThat(key).startsWith("svc_live_");
    given()
        .header("X-API-Key", key)
        .get("/v1/credits")
        .then()
        .statusCode(200)
        .body("data.credits", greaterThan(0));
  }

  @Test
  void theTour_passesEveryStep_againstTheServiceSoConfigured() throws Exception {
    Path world = Files.createTempFile("world-", ".json");
    LocalWorldTestResource.world().describe(world);
    URI publicBase =
        URI.create(
            ConfigProvider.getConfig().getValue("walletstate.public-base-url", String.class));
    int port = ConfigProvider.getConfig().getValue("quarkus.http.test-port", Integer.class);
    // a discount payment gathers its confirmations as on a live chain: one block a second
    Devnet.shared().mineEvery(Duration.ofSeconds(1));
    try {
      Process tour =
          new ProcessBuilder(
                  System.getProperty("walletstate.devnet.node", "node"),
                  "tour.mjs",
                  "--base",
                  "http://127.0.0.1:" + port,
                  "--public-host",
                  publicBase.getHost()
                      + (publicBase.getPort() > 0 ? ":" + publicBase.getPort() : ""),
                  "--manifest",
                  Devnet.shared().manifestFile().toString(),
                  "--world",
                  world.toString())
              .directory(Devnet.locateDirectory().toFile())
              .redirectErrorStream(true)
              .start();
      tour.getOutputStream().close();
      String output = new String(tour.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      // the tour's lines, for the record (docs/devnet.md shows a run)
      Files.writeString(Path.of("target", "devnet-tour.txt"), output);
      assertThat(tour.waitFor(5, TimeUnit.MINUTES)).isTrue();
      assertThat(tour.exitValue()).as(output).isZero();
      assertThat(output)
          .contains("tour: every step passed")
          .doesNotContain("FAIL")
          .contains("ok    key bought with Bitcoin")
          .contains("ok    discount on the XRP Ledger")
          .contains("ok    discount on Solana")
          .contains("ok    Tron, Stellar, Sui and Bitcoin tokens refused for a store (400)")
          .contains("ok    the pass scanned at the till")
          .contains("ok    MCP: the official client connects to /mcp and lists the ten tools");
      for (String tool : McpToolNames.ALL) {
        assertThat(output).contains("ok    MCP tool " + tool + ":");
      }
    } finally {
      Devnet.shared().mineEvery(Duration.ZERO);
    }
  }
}
