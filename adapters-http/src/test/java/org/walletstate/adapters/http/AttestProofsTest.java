package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

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
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.NodeProofChecker;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.proof.BalanceSlotSearch;
import org.walletstate.verifier.ProofStep;
import org.walletstate.verifier.ProofVerdict;
import org.walletstate.verifier.ProofVerifier;
import org.walletstate.verifier.VerificationReport;
import org.walletstate.verifier.VerifiedAttestation;
import org.walletstate.verifier.cli.VerifyCommand;

/**
 * {@code proof: "merkle"} through {@code POST /v1/attest} on the devnet: every delivered proof
 * verifies with the SDK against the header of the result's block (its hash recomputed) and with the
 * independent node checker; a tampered proof is rejected; a declined proof refunds the premium.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class AttestProofsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Inject Pool pool;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest manifest = devnet.manifest();

  private Response attest(String key, String wallet, List<Map<String, Object>> conditions) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("wallet", wallet);
    body.put("conditions", conditions);
    body.put("proof", "merkle");
    return given()
        .header("X-API-Key", key)
        .contentType(ContentType.JSON)
        .body(body)
        .post("/v1/attest");
  }

  private static Map<String, Object> balance(String token, String threshold) {
    return Map.of(
        "type", "token_balance", "chainId", 8453, "contractAddress", token, "threshold", threshold);
  }

  private static Map<String, Object> code(String expect, String delegate) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("type", "account_code");
    c.put("chainId", 8453);
    c.put("expect", expect);
    if (delegate != null) {
      c.put("delegate", delegate);
    }
    return c;
  }

  private String wallet(String name) {
    return manifest.wallet(name).address();
  }

  private String token(String key) {
    return manifest.chain(8453).address(key);
  }

  private JsonNode header(JsonNode attestation) {
    String block = attestation.path("results").get(0).path("blockNumber").asText();
    return devnet.rpc(8453).block(block);
  }

  /** Signature, then every proof against the header of the results' block, wallet pinned. */
  private List<ProofVerdict> verifyAll(String response, String wallet) throws Exception {
    VerificationReport report = Verifier.report(response);
    assertThat(report.valid()).as(report.toString()).isTrue();
    VerifiedAttestation verified = Verifier.fromServedKeys().verify(response);
    JsonNode header = header(JSON.readTree(response).path("data").path("attestation"));
    return ProofVerifier.builder()
        .trustHeader(8453L, header, header.path("hash").asText())
        .wallet(wallet)
        .build()
        .verify(verified);
  }

  /** Each delivered proof object, given as is to the independent checker with the block header. */
  private void checkIndependently(JsonNode attestation) {
    JsonNode header = header(attestation);
    NodeProofChecker checker = devnet.proofChecker();
    for (JsonNode result : attestation.path("results")) {
      JsonNode proof = result.path("proof");
      if (proof.path("available").asBoolean()) {
        NodeProofChecker.ProofReport report = checker.check(proof, header);
        assertThat(report.ok()).as(report.json().toPrettyString()).isTrue();
        assertThat(report.blockHashRecomputed()).isTrue();
      }
    }
  }

  private List<Row> ledger(long keyId) {
    List<Row> rows = new ArrayList<>();
    pool.preparedQuery(
            "select id, kind, amount, refund_of from credit_entry"
                + " where api_key_id = $1 and kind <> 'grant' order by id")
        .execute(Tuple.of(keyId))
        .await()
        .atMost(Duration.ofSeconds(30))
        .forEach(rows::add);
    return rows;
  }

  @Test
  void holderBalancesAndCodeAreProvenAndVerifyWithTheSdkAndIndependently() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    String holder = wallet("holder");
    Response response =
        attest(
            key.secret(),
            holder,
            List.of(
                balance(token("token6"), "1500.25"), // 6 decimals, met at exactly the balance
                balance(token("token18"), "2.6"), // 18 decimals, not met
                balance("native", "1"),
                code("none", null),
                balance(token("vyperLayoutToken"), "42")));
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    JsonNode body = JSON.readTree(response.asString());
    assertThat(body.path("meta").path("creditsCharged").asInt()).isEqualTo(2);
    JsonNode attestation = body.path("data").path("attestation");
    JsonNode first = attestation.path("results").get(0).path("proof");
    assertThat(first.path("available").asBoolean()).isTrue();
    assertThat(first.path("mappingSlot").asText()).isEqualTo("0x0");
    assertThat(first.path("storageKey").asText())
        .isEqualTo(
            manifest
                .wallet("holder")
                .holdings(8453)
                .path("erc20")
                .path("dUSD")
                .path("balanceSlot")
                .asText());
    assertThat(first.path("decimals").asInt()).isEqualTo(6);
    assertThat(attestation.path("results").get(2).path("proof").path("subject").asText())
        .isEqualTo("account_balance");
    assertThat(attestation.path("results").get(4).path("proof").path("layout").asText())
        .isEqualTo("vyper");
    List<String> keys = new ArrayList<>();
    attestation.path("results").get(0).fieldNames().forEachRemaining(keys::add);
    assertThat(keys.get(keys.size() - 1)).isEqualTo("proof");

    List<ProofVerdict> verdicts = verifyAll(response.asString(), holder);
    assertThat(verdicts)
        .hasSize(5)
        .allSatisfy(v -> assertThat(v.verified()).as(v.toString()).isTrue());
    checkIndependently(attestation);
    assertThat(ledger(key.id())).hasSize(1);
    assertThat(ledger(key.id()).get(0).getLong("amount")).isEqualTo(-2);
  }

  @Test
  void everyCodeStateAndANonHoldersExclusionAreProven() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    String target = manifest.chain(8453).address("eip7702StatelessDeleGator");
    Map<String, List<Map<String, Object>>> cases =
        Map.of(
            "delegated7702", List.of(code("eip7702", target), code("none", null)),
            "contractAccount", List.of(code("contract", null), code("none", null)),
            "empty", List.of(code("none", null), balance(token("token6"), "1")));
    for (var c : cases.entrySet()) {
      String wallet = wallet(c.getKey());
      Response response = attest(key.secret(), wallet, c.getValue());
      assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
      List<ProofVerdict> verdicts = verifyAll(response.asString(), wallet);
      assertThat(verdicts)
          .as(c.getKey())
          .allSatisfy(v -> assertThat(v.verified()).as(v.toString()).isTrue());
      checkIndependently(JSON.readTree(response.asString()).path("data").path("attestation"));
      if (c.getKey().equals("empty")) {
        assertThat(verdicts.get(1).provenValue()).contains(java.math.BigInteger.ZERO);
      }
    }
  }

  @Test
  void aTamperedProofIsRejected() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    String holder = wallet("holder");
    Response response = attest(key.secret(), holder, List.of(balance(token("token6"), "1000")));
    ObjectNode tampered = (ObjectNode) JSON.readTree(response.asString());
    ObjectNode slot =
        (ObjectNode)
            tampered
                .path("data")
                .path("attestation")
                .path("results")
                .get(0)
                .path("proof")
                .path("storageProof")
                .get(0);
    slot.put("value", "0x" + Long.toHexString(5_000_000_000L));
    String text = JSON.writeValueAsString(tampered);

    assertThat(Verifier.report(text).valid()).isFalse(); // the proof is signed with the result
    JsonNode attestation = tampered.path("data").path("attestation");
    JsonNode header = header(attestation);
    ProofVerdict verdict =
        ProofVerifier.builder()
            .trustHeader(8453L, header, header.path("hash").asText())
            .build()
            .verifyResults(attestation)
            .get(0);
    assertThat(verdict.status()).isEqualTo(ProofVerdict.Status.REJECTED);
    assertThat(verdict.failedStep()).contains(ProofStep.STORAGE_PROOF);
  }

  @Test
  void aComputedBalanceIsDeclinedAndThePremiumRefundedAgainstTheDebit() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    Response response =
        attest(key.secret(), wallet("holder"), List.of(balance(token("sharesToken"), "2")));
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    JsonNode body = JSON.readTree(response.asString());
    JsonNode result = body.path("data").path("attestation").path("results").get(0);
    assertThat(result.path("met").asBoolean()).isTrue(); // the verdict stands
    assertThat(result.path("proof").path("available").asBoolean()).isFalse();
    assertThat(result.path("proof").path("reason").asText()).isEqualTo(BalanceSlotSearch.NOT_FOUND);
    assertThat(body.path("meta").path("creditsCharged").asInt()).isEqualTo(1);
    assertThat(body.path("meta").path("creditsRemaining").asInt()).isEqualTo(9);

    List<Row> entries = ledger(key.id());
    assertThat(entries).hasSize(2);
    assertThat(entries.get(0).getString("kind")).isEqualTo("debit");
    assertThat(entries.get(0).getLong("amount")).isEqualTo(-2);
    assertThat(entries.get(1).getString("kind")).isEqualTo("refund");
    assertThat(entries.get(1).getLong("amount")).isEqualTo(1);
    assertThat(entries.get(1).getLong("refund_of")).isEqualTo(entries.get(0).getLong("id"));
    assertThat(Verifier.report(response.asString()).valid()).isTrue();
  }

  @Test
  void theCommandLineVerifiesProofsAgainstAHeaderAndItsBlockHash(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);
    String holder = wallet("holder");
    Response response =
        attest(
            key.secret(),
            holder,
            List.of(balance(token("token18"), "2.5"), balance(token("sharesToken"), "1")));
    JsonNode header = header(JSON.readTree(response.asString()).path("data").path("attestation"));
    Path saved = Files.writeString(dir.resolve("response.json"), response.asString());
    Path keys = Files.writeString(dir.resolve("jwks.json"), given().get("/v1/jwks").asString());
    Path headerFile = Files.writeString(dir.resolve("header.json"), header.toString());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit =
        VerifyCommand.run(
            new String[] {
              "--keys",
              keys.toString(),
              "--proof",
              "--header",
              headerFile.toString(),
              "--block-hash",
              header.path("hash").asText(),
              "--chain-id",
              "8453",
              "--wallet",
              holder,
              saved.toString()
            },
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err);
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(exit).as(printed).isZero();
    assertThat(printed).contains("proof[0]", "VERIFIED erc20_balance", "proof[1]", "DECLINED");

    ByteArrayOutputStream wrong = new ByteArrayOutputStream();
    int rejected =
        VerifyCommand.run(
            new String[] {
              "--keys",
              keys.toString(),
              "--proof",
              "--header",
              headerFile.toString(),
              "--block-hash",
              "0x" + "00".repeat(32),
              saved.toString()
            },
            new PrintStream(wrong, true, StandardCharsets.UTF_8),
            System.err);
    assertThat(rejected).isEqualTo(1);
    assertThat(wrong.toString(StandardCharsets.UTF_8)).contains("REJECTED at STATE_ROOT");
  }
}
