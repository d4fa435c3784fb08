package org.walletstate.adapters.http.verifiers;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.Conditions.accountCode;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.StatementReport;

/**
 * Both verifiers (the Java SDK and the TypeScript package in {@code verifier-sdk/js}) on live
 * answers of the running service over the devnet (v2 and v1 keys, raw and {@code format: "jwt"}),
 * on their tokens alone, and on tampered copies of each: every verdict and reason must agree
 * ({@code verifier-sdk/js/tools/agree.mjs} compares), the answers as issued must verify and every
 * tampered copy must not. Answers with {@code proof: "merkle"} also have their EIP-1186 proofs
 * checked by both against the devnet's header of the results' block (hash recomputed), as issued
 * and with tampered proofs (a changed storage value, a wrong root, a truncated node, a foreign
 * account): every proof verdict must agree member by member too.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
public class LiveAnswersBothVerifiersTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path AGREE = Path.of("../verifier-sdk/js/tools/agree.mjs");
  private static final Path WORK = Path.of("target/verifiers-agreement");
  public static final Instant PQ_REQUIRED_FROM = Instant.parse("2026-01-01T00:00:00Z");

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();

  @Test
  void liveAnswersAndTamperedCopies_getTheSameVerdictsFromBothVerifiers() throws Exception {
    String jwks = given().get("/v1/jwks").asString();
    Map<String, String> issued = new LinkedHashMap<>();
    issued.put("v2 raw", answer(KeyVersion.V2, false));
    issued.put("v2 jwt", answer(KeyVersion.V2, true));
    issued.put("v1 jwt", answer(KeyVersion.V1, true));
    String otherJwt = JSON.readTree(answer(KeyVersion.V2, true)).at("/data/jwt").asText();

    // a verifier that requires the ML-DSA-65 companion: removing or relabelling it is an attack too
    Instant now = Instant.now();
    AttestationVerifier java =
        AttestationVerifier.builder(KeySet.parse(jwks))
            .clock(Clock.fixed(now, ZoneOffset.UTC))
            .pqRequiredFrom(PQ_REQUIRED_FROM)
            .build();
    ArrayNode cases = JSON.createArrayNode();
    int tampered = 0;
    for (Map.Entry<String, String> answer : issued.entrySet()) {
      StatementReport asIssued = java.report(answer.getValue());
      assertThat(asIssued.valid()).as(asIssued.toString()).isTrue();
      add(cases, answer.getKey(), "attestation", answer.getValue(), null, asIssued, now);
      for (Map.Entry<String, Consumer<ObjectNode>> edit : edits(otherJwt).entrySet()) {
        ObjectNode copy = (ObjectNode) JSON.readTree(answer.getValue());
        ObjectNode data = (ObjectNode) copy.get("data");
        if (edit.getKey().startsWith("jwt") && !data.has("jwt")) {
          continue;
        }
        edit.getValue().accept(data);
        String text = JSON.writeValueAsString(copy);
        StatementReport report = java.report(text);
        assertThat(report.valid()).as(answer.getKey() + ": " + edit.getKey()).isFalse();
        add(cases, answer.getKey() + ": " + edit.getKey(), "attestation", text, null, report, now);
        tampered++;
      }
      JsonNode data = JSON.readTree(answer.getValue()).get("data");
      if (data.has("jwt")) {
        String jwt = data.get("jwt").asText();
        // the token pair alone, and the token with the companion of another answer
        for (String pqJwt : List.of(data.get("pqJwt").asText(), otherJwt)) {
          String label = answer.getKey() + (pqJwt.equals(otherJwt) ? " foreign pqJwt" : " tokens");
          add(cases, label, "token", jwt, pqJwt, java.reportToken(jwt, pqJwt), now);
        }
      }
    }
    assertThat(tampered).isGreaterThan(20);
    new LiveProofCases(m, now, java).addTo(cases, answer(KeyVersion.V2, false, true), "v2 raw");
    new LiveProofCases(m, now, java).addTo(cases, answer(KeyVersion.V1, true, true), "v1 jwt");

    String printed = agree(jwks, cases);
    assertThat(printed).contains("agree: " + cases.size() + " passed, 0 failed");
  }

  private String answer(KeyVersion version, boolean tokens) {
    return answer(version, tokens, false);
  }

  /** A live answer; with proofs, of ERC-20 balances of both layouts, the native balance, code. */
  private String answer(KeyVersion version, boolean tokens, boolean proofs) {
    String key = TestKeys.create(pool, 10, 100, version).secret();
    String usdc = m.chain(8453).address("usdc");
    Map<String, Object> request =
        proofs
            ? body(
                m.wallet("holder").address(),
                tokenBalance(8453, m.chain(8453).address("token6"), "1500.25"),
                tokenBalance(8453, m.chain(8453).address("token18"), "2.6"),
                tokenBalance(8453, "native", "1"),
                accountCode(8453, "none"),
                tokenBalance(8453, m.chain(8453).address("vyperLayoutToken"), "42"))
            : body(
                m.wallet("holder").address(),
                tokenBalance(8453, usdc, "100"),
                tokenBalance(8453, usdc, "1000000000"));
    if (proofs) {
      request = withMember(request, "proof", "merkle");
    }
    Response response = attest(key, tokens ? withMember(request, "format", "jwt") : request);
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    return response.asString();
  }

  /** What an attacker who holds live answers would try with one. */
  private static Map<String, Consumer<ObjectNode>> edits(String otherJwt) {
    Map<String, Consumer<ObjectNode>> edits = new LinkedHashMap<>();
    edits.put("met flipped", d -> result(d).put("met", !result(d).get("met").asBoolean()));
    edits.put(
        "pass flipped", d -> attestation(d).put("pass", !attestation(d).get("pass").asBoolean()));
    edits.put("id edited", d -> attestation(d).put("id", "ATST-0000000000000000"));
    edits.put(
        "expiresAt extended", d -> attestation(d).put("expiresAt", "2099-01-01T00:00:00.000Z"));
    edits.put(
        "threshold edited",
        d -> ((ObjectNode) result(d).get("evaluatedCondition")).put("threshold", "1"));
    edits.put("conditionHash edited", d -> result(d).put("conditionHash", "0x" + "0".repeat(64)));
    edits.put("kid of trust profiles", d -> d.put("kid", "service-trust-v2"));
    edits.put("kid unknown", d -> d.put("kid", "service-attest-v9"));
    edits.put("sig removed", d -> d.remove("sig"));
    edits.put("sig of another byte", d -> d.put("sig", flipFirst(d.get("sig").asText())));
    edits.put("pqSig edited", d -> d.put("pqSig", flipFirst(d.get("pqSig").asText())));
    edits.put("pqKid of trust profiles", d -> d.put("pqKid", "service-trust-pq1"));
    edits.put("jwt of another answer", d -> d.put("jwt", otherJwt));
    edits.put("jwt pqJwt removed", d -> d.remove("pqJwt"));
    return edits;
  }

  private static String flipFirst(String base64) {
    return (base64.charAt(0) == 'A' ? "B" : "A") + base64.substring(1);
  }

  private static ObjectNode attestation(ObjectNode data) {
    return (ObjectNode) data.get("attestation");
  }

  private static ObjectNode result(ObjectNode data) {
    return (ObjectNode) attestation(data).get("results").get(0);
  }

  /** One case for {@link #agree}: the input and the Java SDK's report of it. */
  public static void add(
      ArrayNode cases,
      String label,
      String kind,
      String input,
      String pqInput,
      StatementReport report,
      Instant now)
      throws Exception {
    ObjectNode c = cases.addObject();
    c.put("label", label).put("kind", kind).put("keys", "key set");
    c.putObject("options")
        .put("namespace", "service")
        .put("now", now.toString())
        .put("pqRequiredFrom", PQ_REQUIRED_FROM.toString());
    c.put("input", input).put("pqInput", pqInput);
    c.set("java", JSON.readTree(report.toJson()));
  }

  /** Runs the comparison in node (stdin closed, output to a file); returns what it printed. */
  public static String agree(String jwks, ArrayNode cases) throws Exception {
    ObjectNode corpus = JSON.createObjectNode();
    corpus.putObject("keySets").set("key set", JSON.readTree(jwks)); // named as reasons name it
    corpus.set("cases", cases);
    Files.createDirectories(WORK);
    Path casesFile = WORK.resolve("cases.json");
    Path log = WORK.resolve("agree.log");
    Files.writeString(casesFile, JSON.writeValueAsString(corpus), StandardCharsets.UTF_8);
    Process node =
        new ProcessBuilder(
                "node",
                AGREE.toString(),
                casesFile.toString(),
                WORK.resolve("reports.json").toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    node.getOutputStream().close();
    assertThat(node.waitFor(3, TimeUnit.MINUTES)).as("node finished").isTrue();
    String printed = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(node.exitValue()).as("disagreements:%n%s", printed).isZero();
    return printed;
  }
}
