package org.walletstate.adapters.http.tlog;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.security.PublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.application.tlog.IntegrateLog;
import org.walletstate.crypto.DualAttestationSigner;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.StatementType;
import org.walletstate.verifier.tlog.LogProofs;
import org.walletstate.verifier.tlog.SignedCheckpoint;

/**
 * The log over HTTP, with the service's own signer and PostgreSQL: a signed statement is in the log
 * when the signer returns; after a batch its inclusion proof and the checkpoint's signature verify
 * with the SDK against the published note key; consistency proofs verify between two checkpoints;
 * bad parameters are 400 and unknown ids 404.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class TransparencyLogTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final EvmAddress WALLET =
      EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");

  @Inject DualAttestationSigner signer;
  @Inject IntegrateLog integrate;

  private static JsonNode data(String body) throws Exception {
    return JSON.readTree(body).get("data");
  }

  private static List<byte[]> hashes(JsonNode array) {
    List<byte[]> out = new ArrayList<>();
    array.forEach(h -> out.add(Base64.getDecoder().decode(h.asText())));
    return out;
  }

  private String signPass() throws Exception {
    return signer.signPass(new InStorePass(WALLET, Instant.now()));
  }

  /**
   * A pass for a wallet of its own: a pass is issued in whole seconds, so two passes for one wallet
   * in the same second are one statement, and the log would answer the first one's entry.
   */
  private String signFreshPass() throws Exception {
    byte[] wallet = new byte[20];
    new java.security.SecureRandom().nextBytes(wallet);
    EvmAddress fresh = EvmAddress.of("0x" + java.util.HexFormat.of().formatHex(wallet));
    return signer.signPass(new InStorePass(fresh, Instant.now()));
  }

  @Test
  void aSignedStatementIsProvablyInTheLogUnderASignedCheckpoint() throws Exception {
    integrate.runOnce().await().atMost(WAIT);
    SignedCheckpoint before =
        SignedCheckpoint.parse(
            given().get("/v1/log/checkpoint").then().statusCode(200).extract().asString());

    // the service's own batch job (every second) may integrate a pass before it is looked up:
    // another pass is signed until one is seen pending
    JsonNode signed = null;
    byte[] preimage = null;
    String id = null;
    JsonNode pending = null;
    for (int attempt = 0;
        attempt < 5 && (pending == null || pending.get("integrated").asBoolean());
        attempt++) {
      signed = JSON.readTree(signFreshPass());
      preimage =
          StatementType.PASS.preimage(Namespace.SERVICE, PreimageScheme.V2, signed.get("pass"));
      id =
          java.util.HexFormat.of()
              .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(preimage));
      pending =
          data(given().get("/v1/log/entries/" + id).then().statusCode(200).extract().asString());
    }
    assertThat(pending.get("integrated").asBoolean()).isFalse();
    String kid = signed.get("kid").asText();
    byte[] leaf = LogProofs.statementLeafHash("pass", kid, preimage);
    // the pass carries its leaf index outside the signed bytes, given when it was appended
    long index = signed.get("log").get("index").asLong();
    assertThat(pending.get("index").asLong()).isEqualTo(index);

    integrate.runOnce().await().atMost(WAIT);
    JsonNode entry =
        data(given().get("/v1/log/entries/" + id).then().statusCode(200).extract().asString());
    assertThat(entry.get("integrated").asBoolean()).isTrue();
    assertThat(entry.get("kind").asText()).isEqualTo("pass");
    assertThat(entry.get("index").asLong()).isEqualTo(index);
    SignedCheckpoint checkpoint = SignedCheckpoint.parse(entry.get("checkpoint").asText());

    JsonNode key = data(given().get("/v1/log/key").then().statusCode(200).extract().asString());
    PublicKey noteKey = SignedCheckpoint.publicKey(key.get("publicKey").asText());
    assertThat(key.get("origin").asText()).isEqualTo(checkpoint.origin());
    assertThat(checkpoint.signedBy(noteKey)).isTrue();
    assertThat(
            LogProofs.inclusion(
                entry.get("index").asLong(),
                checkpoint.size(),
                leaf,
                hashes(entry.get("inclusionProof")),
                checkpoint.root()))
        .isTrue();
    // a tampered entry: another statement's leaf does not verify with this proof
    assertThat(
            LogProofs.inclusion(
                entry.get("index").asLong(),
                checkpoint.size(),
                LogProofs.statementLeafHash("pass", kid, new byte[] {1}),
                hashes(entry.get("inclusionProof")),
                checkpoint.root()))
        .isFalse();

    if (before.size() > 0) {
      JsonNode consistency =
          data(
              given()
                  .get("/v1/log/consistency?from=" + before.size() + "&to=" + checkpoint.size())
                  .then()
                  .statusCode(200)
                  .extract()
                  .asString());
      assertThat(
              LogProofs.consistency(
                  before.size(),
                  checkpoint.size(),
                  before.root(),
                  checkpoint.root(),
                  hashes(consistency.get("proof"))))
          .isTrue();
    }
  }

  @Test
  void badParametersAre400AndUnknownIds404() throws Exception {
    signPass();
    integrate.runOnce().await().atMost(WAIT);
    given()
        .get("/v1/log/consistency?from=1")
        .then()
        .statusCode(400)
        .body(containsString("to is required"));
    given()
        .get("/v1/log/consistency?from=x&to=2")
        .then()
        .statusCode(400)
        .body(containsString("from must be a tree size"));
    given()
        .get("/v1/log/consistency?from=0&to=1")
        .then()
        .statusCode(400)
        .body(containsString("1 <= from <= to"));
    given()
        .get("/v1/log/consistency?from=1&to=999999999")
        .then()
        .statusCode(400)
        .body(containsString("newest checkpoint"));
    given()
        .get("/v1/log/entries/att_unknown")
        .then()
        .statusCode(404)
        .body(containsString("no statement"));
    given().get("/v1/log/entries/" + "a".repeat(200)).then().statusCode(400);
    given()
        .get("/v1/log/checkpoint")
        .then()
        .statusCode(200)
        .contentType(containsString("text/plain"));
  }
}
