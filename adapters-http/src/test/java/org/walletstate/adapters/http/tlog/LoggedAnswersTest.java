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
 * The leaf index an answer carries ({@code data.log.index}, outside the signed bytes) is the index
 * {@code GET /v1/log/entries/{id}} gives once a batch has integrated the entry, and the inclusion
 * proof served for it verifies with the Java SDK against the signed checkpoint: for an attestation,
 * a trust profile and each profile of a batch, on the devnet's chains; each entry is committed when
 * its answer is read. The SDK accepts the answers with the extra member. A log that cannot take
 * entries answers each of them 503 with its debit given back.
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
    durableWhenAnswered(data(attested), "attestation");
    Response trusted = post(key, "/v1/trust", Map.of("wallet", holder));
    assertThat(trusted.statusCode()).as(trusted.asString()).isEqualTo(200);
    durableWhenAnswered(data(trusted), "trust");
    // the append ran beside the debit: what it added after the debit is in Server-Timing
    assertThat(attested.header("Server-Timing")).contains("log-wait");
    assertThat(trusted.header("Server-Timing")).contains("log-wait");
    assertThat(Verifier.fromServedKeys().reportTrustProfile(trusted.asString()).valid()).isTrue();
    Response batch =
        post(
            key,
            "/v1/trust/batch",
            Map.of("wallets", List.of(Map.of("wallet", holder), Map.of("wallet", empty))));
    assertThat(batch.statusCode()).as(batch.asString()).isEqualTo(200);
    for (JsonNode entry : data(batch).get("results")) {
      durableWhenAnswered(entry, "trust");
    }
    assertThat(batch.header("Server-Timing")).contains("log-wait");

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
    long next = LogStall.nextIndex(pool);
    LogStall.during(
        pool,
        () -> {
          Response attested = attest(key.secret(), body(holder, accountCode(1, "none")));
          assertThat(attested.statusCode()).as(attested.asString()).isEqualTo(503);
          assertThat(attested.header("Retry-After")).isEqualTo("1");
          assertThat(attested.asString())
              .contains("transparency log")
              .contains("nothing was charged");
          // the statement in flight is stalled: the next calls fail at once, their debits (made
          // beside their appends) given back as the attest's
          Response trusted = post(key, "/v1/trust", Map.of("wallet", holder));
          assertThat(trusted.statusCode()).as(trusted.asString()).isEqualTo(503);
          assertThat(trusted.asString()).contains("transparency log");
          Response batch =
              post(key, "/v1/trust/batch", Map.of("wallets", List.of(Map.of("wallet", holder))));
          assertThat(batch.statusCode()).as(batch.asString()).isEqualTo(503);
          givenBackEach(key, 3);
        });
    // the stalled statement ended once the row was free (committed, its entry never answered: the
    // log over-approximates what was issued); then the service appends and answers again
    Response again = attest(key.secret(), body(holder, accountCode(1, "none")));
    for (int attempt = 0; again.statusCode() == 503 && attempt < 20; attempt++) {
      Thread.sleep(100);
      again = attest(key.secret(), body(holder, accountCode(1, "none")));
    }
    verified(again);
    // next + 1 when the stalled statement committed once the row was free; next when the
    // statement timeout cancelled it first and gave its index back
    assertThat(data(again).get("log").get("index").asLong()).isIn(next, next + 1);
  }

  /** The key's {@code debits} debits were each given back once, whole, naming the debit. */
  private void givenBackEach(TestKeys.TestKey key, int debits) {
    assertThat(count("select credits from api_key where id = " + key.id())).isEqualTo(100);
    String mine = " and api_key_id = " + key.id();
    assertThat(count("select count(*) from credit_entry where kind = 'debit'" + mine))
        .isEqualTo(debits);
    assertThat(count("select count(*) from credit_entry where kind = 'refund'" + mine))
        .isEqualTo(debits);
    assertThat(
            count(
                "select count(*) from credit_entry r join credit_entry d on r.refund_of = d.id"
                    + " where r.kind = 'refund' and r.amount = -d.amount"
                    + " and r.reason = 'statement not logged' and r.api_key_id = "
                    + key.id()))
        .isEqualTo(debits);
    assertThat(
            count(
                "select coalesce(sum(amount), 0) from credit_entry where kind in ('debit',"
                    + " 'refund')"
                    + mine))
        .isZero();
  }

  /**
   * The answer's entry is committed when the answer is read: its leaf index is the row's, under the
   * statement's id, before any batch has integrated it.
   */
  private void durableWhenAnswered(JsonNode data, String member) {
    long index = data.get("log").get("index").asLong();
    assertThat(LogStall.committed(pool, index, data.get(member).get("id").asText()))
        .as(data.toString())
        .isTrue();
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
