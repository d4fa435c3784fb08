package org.walletstate.adapters.http.verifiers;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.devnet.Devnet;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.StatementReport;

/**
 * Both verifiers on passes issued by the running service ({@code POST /v1/pass} after a wallet
 * signs in with the devnet's SIWE signer): the signed object and its QR-code text as issued, and
 * tampered copies of the object (wallet, times, kids, signatures) and of the code. Every verdict
 * and reason must agree ({@code verifier-sdk/js/tools/agree.mjs}); as issued they verify (the code
 * with its companion reported absent, so without a companion cut-off), no tampered copy does.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class LivePassesBothVerifiersTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Instant PQ_REQUIRED_FROM = Instant.parse("2026-01-01T00:00:00Z");

  @Test
  void livePassesAndTamperedCopies_getTheSameVerdictsFromBothVerifiers() throws Exception {
    String jwks = given().get("/v1/jwks").asString();
    JsonNode issued = issuedPass();
    String signed = issued.get("signed").toString();
    String code = issued.get("code").asText();
    Instant now = Instant.now();
    // the object with the companion required (removing or relabelling it is an attack too); the
    // code, which leaves the companion out, without a cut-off
    AttestationVerifier strict =
        AttestationVerifier.builder(KeySet.parse(jwks))
            .clock(Clock.fixed(now, ZoneOffset.UTC))
            .pqRequiredFrom(PQ_REQUIRED_FROM)
            .build();
    AttestationVerifier lenient =
        AttestationVerifier.builder(KeySet.parse(jwks))
            .clock(Clock.fixed(now, ZoneOffset.UTC))
            .build();

    ArrayNode cases = JSON.createArrayNode();
    StatementReport asIssued = strict.reportPass(signed);
    assertThat(asIssued.valid()).as(asIssued.toString()).isTrue();
    add(cases, "pass", signed, asIssued, now, PQ_REQUIRED_FROM);
    StatementReport fromCode = lenient.reportPass(code);
    assertThat(fromCode.valid()).as(fromCode.toString()).isTrue();
    add(cases, "pass code", code, fromCode, now, null);
    for (Map.Entry<String, Consumer<ObjectNode>> edit : edits().entrySet()) {
      ObjectNode copy = (ObjectNode) JSON.readTree(signed);
      edit.getValue().accept(copy);
      String text = JSON.writeValueAsString(copy);
      StatementReport report = strict.reportPass(text);
      assertThat(report.valid()).as(edit.getKey()).isFalse();
      add(cases, "pass: " + edit.getKey(), text, report, now, PQ_REQUIRED_FROM);
    }
    // the first character of the signature: all six of its bits are the signature's
    int sig = code.lastIndexOf('.') + 1;
    String editedCode =
        code.substring(0, sig) + (code.charAt(sig) == 'A' ? "B" : "A") + code.substring(sig + 1);
    StatementReport badCode = lenient.reportPass(editedCode);
    assertThat(badCode.valid()).isFalse();
    add(cases, "pass code: signature edited", editedCode, badCode, now, null);

    String printed = LiveAnswersBothVerifiersTest.agree(jwks, cases);
    assertThat(printed).contains("agree: " + cases.size() + " passed, 0 failed");
  }

  /** {@code data} of {@code POST /v1/pass} for a new wallet signed in as the pass page does. */
  private static JsonNode issuedPass() throws Exception {
    byte[] key = new byte[32];
    RANDOM.nextBytes(key);
    ObjectNode request = JSON.createObjectNode();
    request.put("privateKey", "0x" + HexFormat.of().formatHex(key));
    request.put("domain", "localhost");
    request.put("uri", "http://localhost/pass.html");
    request.put("chainId", 8453);
    request.put("nonce", UUID.randomUUID().toString().replace("-", ""));
    request.put("issuedAt", Instant.now().toString());
    request.putArray("resources").add("urn:walletstate:purpose:pos-pass");
    JsonNode signedIn = Devnet.shared().siweSigner().sign(request);
    Response response =
        given()
            .contentType(ContentType.JSON)
            .body(
                Map.of(
                    "message", signedIn.get("message").asText(),
                    "signature", signedIn.get("signature").asText()))
            .post("/v1/pass");
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    return JSON.readTree(response.asString()).get("data");
  }

  /** What a holder of a live pass would try with it. */
  private static Map<String, Consumer<ObjectNode>> edits() {
    Map<String, Consumer<ObjectNode>> edits = new LinkedHashMap<>();
    edits.put(
        "wallet edited", s -> pass(s).put("wallet", "0x000000000000000000000000000000000000dEaD"));
    edits.put("expiresAt extended", s -> pass(s).put("expiresAt", "2099-01-01T00:00:00.000Z"));
    edits.put("kid of attestations", s -> s.put("kid", "service-attest-v2"));
    edits.put("kid unknown", s -> s.put("kid", "service-pass-v9"));
    edits.put("sig removed", s -> s.remove("sig"));
    edits.put("sig of another byte", s -> s.put("sig", flipFirst(s.get("sig").asText())));
    edits.put("pqSig edited", s -> s.put("pqSig", flipFirst(s.get("pqSig").asText())));
    edits.put("pqKid of attestations", s -> s.put("pqKid", "service-attest-pq1"));
    return edits;
  }

  private static ObjectNode pass(ObjectNode signed) {
    return (ObjectNode) signed.get("pass");
  }

  private static String flipFirst(String base64) {
    return (base64.charAt(0) == 'A' ? "B" : "A") + base64.substring(1);
  }

  private static void add(
      ArrayNode cases,
      String label,
      String input,
      StatementReport report,
      Instant now,
      Instant pqRequiredFrom)
      throws Exception {
    ObjectNode c = cases.addObject();
    c.put("label", label).put("kind", "pass").put("keys", "key set");
    ObjectNode options =
        c.putObject("options").put("namespace", "service").put("now", now.toString());
    if (pqRequiredFrom != null) {
      options.put("pqRequiredFrom", pqRequiredFrom.toString());
    }
    c.put("input", input).putNull("pqInput");
    c.set("java", JSON.readTree(report.toJson()));
  }
}
