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
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Transaction;
import jakarta.inject.Inject;
import java.security.PublicKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
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
 * The leaf index an answer carries ({@code data.log.index}, outside the signed bytes) is the index
 * {@code GET /v1/log/entries/{id}} gives once a batch has integrated the entry, and the inclusion
 * proof served for it verifies with the Java SDK against the signed checkpoint: for an attestation,
 * a trust profile and each profile of a batch, on the devnet's chains. The SDK accepts the answers
 * with the extra member.
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
  void theIndexInEveryAnswerIsTheLeafItsInclusionProofVerifiesFor() throws Exception {
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
    List<Long> indexes = new ArrayList<>();
    for (Answered answer : answers) {
      assertThat(answer.data().get("log").size()).as(answer.data().toString()).isOne();
      indexes.add(answer.data().get("log").get("index").asLong());
    }
    // one index each: every statement is its own entry
    assertThat(indexes).doesNotHaveDuplicates();
    // a batch's profiles are appended together: consecutive indexes in request order
    assertThat(indexes.get(3)).isEqualTo(indexes.get(2) + 1);

    PublicKey noteKey =
        SignedCheckpoint.publicKey(
            data(given().get("/v1/log/key").then().statusCode(200).extract().response())
                .get("publicKey")
                .asText());
    for (Answered answer : answers) {
      JsonNode entry = integrated(answer.data().get(answer.statementMember()).get("id").asText());
      long index = answer.data().get("log").get("index").asLong();
      assertThat(entry.get("index").asLong()).isEqualTo(index);
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
  }

  @Test
  void aLogThatCannotTakeTheEntryInTimeAnswers503AndChargesNothingNet() throws Exception {
    devnet.rpc(1).call("evm_mine");
    TestKeys.TestKey key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
    String holder = devnet.manifest().wallet("holder").address();
    long next = count("select next_index from log_sequence where id = 1");
    // another transaction holds the log's counter row: no append can commit meanwhile
    SqlConnection locker = pool.getConnection().await().atMost(WAIT);
    Transaction held = locker.begin().await().atMost(WAIT);
    try {
      locker
          .query("update log_sequence set next_index = next_index where id = 1")
          .execute()
          .await()
          .atMost(WAIT);
      Response attested = attest(key.secret(), body(holder, accountCode(1, "none")));
      assertThat(attested.statusCode()).as(attested.asString()).isEqualTo(503);
      assertThat(attested.header("Retry-After")).isEqualTo("1");
      assertThat(attested.asString()).contains("transparency log").contains("nothing was charged");
      // the statement in flight is stalled: the next call fails at once, nothing charged either
      Response batch =
          post(key, "/v1/trust/batch", Map.of("wallets", List.of(Map.of("wallet", holder))));
      assertThat(batch.statusCode()).as(batch.asString()).isEqualTo(503);
      // the attest's debit ran beside its append and was given back once, naming the debit
      assertThat(count("select credits from api_key where id = " + key.id())).isEqualTo(100);
      assertThat(
              count(
                  "select count(*) from credit_entry where kind = 'debit' and api_key_id = "
                      + key.id()))
          .isOne();
      assertThat(
              count(
                  "select count(*) from credit_entry r join credit_entry d on r.refund_of = d.id"
                      + " where r.kind = 'refund' and r.amount = -d.amount"
                      + " and r.reason = 'statement not logged' and r.api_key_id = "
                      + key.id()))
          .isOne();
      assertThat(
              count(
                  "select coalesce(sum(amount), 0) from credit_entry where api_key_id = "
                      + key.id()
                      + " and kind in ('debit', 'refund')"))
          .isZero();
    } finally {
      held.rollback().await().atMost(WAIT);
      locker.close().await().atMost(WAIT);
    }
    // the stalled statement commits once the row is free (its entry was never answered: the log
    // over-approximates what was issued); then the service appends and answers again
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (count("select next_index from log_sequence where id = 1") == next
        && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    Response again = attest(key.secret(), body(holder, accountCode(1, "none")));
    for (int attempt = 0; again.statusCode() == 503 && attempt < 20; attempt++) {
      Thread.sleep(100); // the stalled statement's completion may not have been handled yet
      again = attest(key.secret(), body(holder, accountCode(1, "none")));
    }
    verified(again);
    assertThat(data(again).get("log").get("index").asLong()).isEqualTo(next + 1);
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
