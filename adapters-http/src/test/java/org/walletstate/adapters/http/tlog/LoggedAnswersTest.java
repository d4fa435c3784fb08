package org.walletstate.adapters.http.tlog;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.accountCode;
import static org.walletstate.adapters.http.testbed.Conditions.body;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.security.PublicKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.LogStall;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.TrustChainsTestResource;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.application.tlog.IntegrateLog;
import org.walletstate.devnet.Devnet;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.StatementType;
import org.walletstate.verifier.tlog.LogProofs;
import org.walletstate.verifier.tlog.SignedCheckpoint;

/**
 * A call paid with a key's credits has its statement logged by its debit: the answer carries no
 * leaf index ({@code data.log} is absent), the entry is committed under the statement's id when the
 * answer is read (pending, without an index, until a batch sequences it), and once a batch has
 * integrated it the inclusion proof served for it verifies with the Java SDK against the signed
 * checkpoint: for an attestation, a trust profile and each profile of a batch (whose entries follow
 * request order), on the devnet's chains. A stalled counter row, which holds the log's own appends,
 * holds none of these calls.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(TrustChainsTestResource.class)
class LoggedAnswersTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(60);

  @Inject Pool pool;
  @Inject IntegrateLog integrate;

  private final Devnet devnet = Devnet.shared();

  private record Answered(String kind, JsonNode data, String statementMember) {}

  @Test
  void everyPaidAnswerIsLoggedWhenAnsweredAndItsInclusionProofVerifies() throws Exception {
    devnet.rpc(1).call("evm_mine");
    TestKeys.TestKey key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
    String holder = devnet.manifest().wallet("holder").address();
    String empty = devnet.manifest().wallet("empty").address();

    Response attested = attest(key.secret(), body(holder, accountCode(1, "none")));
    verified(attested);
    Response trusted = post(key, "/v1/trust", Map.of("wallet", holder));
    assertThat(trusted.statusCode()).as(trusted.asString()).isEqualTo(200);
    assertThat(Verifier.fromServedKeys().reportTrustProfile(trusted.asString()).valid()).isTrue();
    Response batch =
        post(
            key,
            "/v1/trust/batch",
            Map.of("wallets", List.of(Map.of("wallet", holder), Map.of("wallet", empty))));
    assertThat(batch.statusCode()).as(batch.asString()).isEqualTo(200);

    List<Answered> answers = new ArrayList<>();
    answers.add(new Answered("attestation", data(attested), "attestation"));
    answers.add(new Answered("trust", data(trusted), "trust"));
    for (JsonNode entry : data(batch).get("results")) {
      answers.add(new Answered("trust", entry, "trust"));
    }
    for (Answered answer : answers) {
      assertThat(answer.data().has("log")).as(answer.data().toString()).isFalse();
      assertThat(writtenWithIts(answer)).as(answer.data().toString()).isTrue();
    }

    PublicKey noteKey =
        SignedCheckpoint.publicKey(
            data(given().get("/v1/log/key").then().statusCode(200).extract().response())
                .get("publicKey")
                .asText());
    List<Long> indexes = new ArrayList<>();
    for (Answered answer : answers) {
      JsonNode entry = integrated(answer.data().get(answer.statementMember()).get("id").asText());
      long index = entry.get("index").asLong();
      indexes.add(index);
      SignedCheckpoint checkpoint = SignedCheckpoint.parse(entry.get("checkpoint").asText());
      assertThat(checkpoint.signedBy(noteKey)).isTrue();
      StatementType type =
          answer.kind().equals("trust") ? StatementType.TRUST_PROFILE : StatementType.ATTESTATION;
      byte[] preimage =
          type.preimage(
              Namespace.SERVICE, PreimageScheme.V2, answer.data().get(answer.statementMember()));
      byte[] leaf =
          LogProofs.statementLeafHash(answer.kind(), answer.data().get("kid").asText(), preimage);
      List<byte[]> proof = new ArrayList<>();
      entry.get("inclusionProof").forEach(h -> proof.add(Base64.getDecoder().decode(h.asText())));
      assertThat(LogProofs.inclusion(index, checkpoint.size(), leaf, proof, checkpoint.root()))
          .as(answer.data().toString())
          .isTrue();
    }
    // one index each, in the order the calls were answered; a batch's profiles in request order
    assertThat(indexes).doesNotHaveDuplicates().isSorted();
  }

  @Test
  void aStalledCounterRowHoldsNoPaidCall() throws Exception {
    devnet.rpc(1).call("evm_mine");
    TestKeys.TestKey key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
    String holder = devnet.manifest().wallet("holder").address();
    List<Answered> answers = new ArrayList<>();
    LogStall.during(
        pool,
        () -> {
          Response attested = attest(key.secret(), body(holder, accountCode(1, "none")));
          verified(attested);
          answers.add(new Answered("attestation", data(attested), "attestation"));
          Response trusted = post(key, "/v1/trust", Map.of("wallet", holder));
          assertThat(trusted.statusCode()).as(trusted.asString()).isEqualTo(200);
          answers.add(new Answered("trust", data(trusted), "trust"));
          for (Answered answer : answers) {
            assertThat(writtenWithIts(answer)).as(answer.data().toString()).isTrue();
          }
        });
    // charged once each, nothing given back
    assertThat(count("select credits from api_key where id = " + key.id())).isEqualTo(100 - 1 - 3);
    assertThat(
            count(
                "select count(*) from credit_entry where kind = 'refund' and api_key_id = "
                    + key.id()))
        .isZero();
    // sequenced and integrated once the row is free
    for (Answered answer : answers) {
      assertThat(integrated(answer.data().get(answer.statementMember()).get("id").asText()))
          .isNotNull();
    }
  }

  /**
   * The answer's entry is committed when the answer is read, under the statement's id, before any
   * batch has integrated it: one row, whose leaf is the statement's.
   */
  private boolean writtenWithIts(Answered answer) {
    String id = answer.data().get(answer.statementMember()).get("id").asText();
    return count(
            "select count(*) from log_entry where statement_id = '"
                + id
                + "' and kind = '"
                + answer.kind()
                + "' and kid = '"
                + answer.data().get("kid").asText()
                + "'")
        == 1;
  }

  private long count(String sql) {
    return pool.query(sql).execute().await().atMost(WAIT).iterator().next().getLong(0);
  }

  /** The entry once a batch has integrated it (the scheduled batch may take it first). */
  private JsonNode integrated(String id) throws Exception {
    for (int attempt = 0; attempt < 50; attempt++) {
      integrate.runOnce().await().atMost(WAIT);
      JsonNode entry =
          data(given().get("/v1/log/entries/" + id).then().statusCode(200).extract().response());
      if (entry.get("integrated").asBoolean()) {
        return entry;
      }
      Thread.sleep(200);
    }
    throw new AssertionError("entry " + id + " was not integrated");
  }

  private static Response post(TestKeys.TestKey key, String path, Object body) {
    return given()
        .header("X-API-Key", key.secret())
        .contentType(ContentType.JSON)
        .body(body)
        .post(path);
  }

  private static JsonNode data(Response response) throws Exception {
    return JSON.readTree(response.asString()).get("data");
  }
}
