package org.walletstate.adapters.http.idempotency;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.jobs.PeriodicRun;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.payload.KeyVersion;

/**
 * {@code Idempotency-Key} over HTTP against PostgreSQL and the devnet: a repeat is the stored
 * answer byte for byte with {@code Idempotent-Replayed: true} and costs no second credit (the
 * ledger shows one debit), another body with the same key is 422, a repeat while the first is under
 * way is 409, another credential's key of the same name is its own, server errors and
 * secret-bearing answers to an address are not stored, and malformed keys are 400s that charge
 * nothing.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class IdempotencyKeyTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Inject Pool pool;

  @Inject
  @Named("idempotency-pruning")
  PeriodicRun pruning;

  private final DevnetManifest m = Devnet.shared().manifest();
  private final FaultProxy chain10 = DevnetTestResource.chain10();

  @BeforeEach
  @AfterEach
  void resetProxy() {
    chain10.reset();
  }

  private String request() {
    try {
      return JSON.writeValueAsString(
          body(m.wallet("holder").address(), tokenBalance(10, m.chain(10).address("token6"), "1")));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Response attest(String apiKey, String idempotencyKey, String body) {
    return given()
        .header("X-API-Key", apiKey)
        .header("Idempotency-Key", idempotencyKey)
        .contentType(ContentType.JSON)
        .body(body)
        .post("/v1/attest");
  }

  @Test
  void aRepeat_isTheStoredAnswerByteForByte_andCostsNoSecondCredit() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    String idem = UUID.randomUUID().toString();

    Response first = attest(key.secret(), idem, request());
    long readsAfterFirst = chain10.counts().requests();
    Response second = attest(key.secret(), idem, request());

    assertThat(first.statusCode()).as(first.asString()).isEqualTo(200);
    assertThat(first.header("Idempotent-Replayed")).isNull();
    assertThat(second.statusCode()).isEqualTo(200);
    assertThat(second.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(second.contentType()).startsWith("application/json");
    assertThat(second.asByteArray()).isEqualTo(first.asByteArray());
    assertThat(chain10.counts().requests()).as("nothing read again").isEqualTo(readsAfterFirst);
    assertThat(Ledger.entries(pool, key.id()))
        .extracting(Ledger.Entry::kind)
        .containsExactly("grant", "debit");
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(4);

    Response fresh = attest(key.secret(), UUID.randomUUID().toString(), request());
    assertThat(fresh.header("Idempotent-Replayed")).isNull();
    assertThat(Ledger.balance(pool, key.id())).as("a new key is a new call").isEqualTo(3);
  }

  @Test
  void theSameKeyWithAnotherBody_is422_andChargesNothing() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    String idem = UUID.randomUUID().toString();
    attest(key.secret(), idem, request()).then().statusCode(200);

    attest(key.secret(), idem, request().replace("\"1\"", "\"2\""))
        .then()
        .statusCode(422)
        .body("ok", equalTo(false))
        .body("error.code", equalTo(422))
        .body(
            "error.message",
            equalTo(
                "This Idempotency-Key was already used with a different request (method, path or"
                    + " body); use a new key for a new request"));
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(4);
  }

  @Test
  void aRepeatWhileTheFirstIsUnderWay_is409() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    String idem = UUID.randomUUID().toString();
    String body = request();
    // the first request's claim, as the replica executing it holds it
    pool.preparedQuery(
            "insert into idempotent_request (scope, idem_key, fingerprint, lease_until, expires_at)"
                + " values ($1, $2, $3, $4, $5)")
        .execute(
            Tuple.of(
                IdempotencyScope.hash("key:" + key.id()),
                idem,
                Buffer.buffer(
                    Fingerprints.of("POST", "/v1/attest", body.getBytes(StandardCharsets.UTF_8))),
                OffsetDateTime.now(ZoneOffset.UTC).plusMinutes(2),
                OffsetDateTime.now(ZoneOffset.UTC).plusDays(1)))
        .await()
        .atMost(Duration.ofSeconds(30));

    attest(key.secret(), idem, body)
        .then()
        .statusCode(409)
        .body("error.code", equalTo(409))
        .body(
            "error.message",
            equalTo(
                "A request with this Idempotency-Key is still being processed; retry after it"
                    + " completes to receive its answer"));
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(5);
  }

  @Test
  void anotherCredential_sendingTheSameKey_getsItsOwnAnswer() {
    TestKeys.TestKey alice = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    TestKeys.TestKey bob = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    String idem = UUID.randomUUID().toString();

    Response a = attest(alice.secret(), idem, request());
    Response b = attest(bob.secret(), idem, request());

    assertThat(b.statusCode()).isEqualTo(200);
    assertThat(b.header("Idempotent-Replayed")).isNull();
    assertThat(b.asString()).isNotEqualTo(a.asString());
    assertThat(Ledger.balance(pool, alice.id())).isEqualTo(4);
    assertThat(Ledger.balance(pool, bob.id())).isEqualTo(4);
  }

  @Test
  void anRpcFailure_isNotStored_soTheRetryExecutesAndIsCharged() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    String idem = UUID.randomUUID().toString();
    chain10.install(Rule.of(Match.any(), Fault.status(502)));

    Response failed = attest(key.secret(), idem, request());
    assertThat(failed.statusCode()).isEqualTo(503);
    assertThat(failed.header("Retry-After")).isNotNull();
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(5);

    chain10.clearRules();
    Response retried = attest(key.secret(), idem, request());
    assertThat(retried.statusCode()).as(retried.asString()).isEqualTo(200);
    assertThat(retried.header("Idempotent-Replayed")).isNull();
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(4);
  }

  @Test
  void aRefusedBody_isStored_andReplayedToo() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    String idem = UUID.randomUUID().toString();

    Response first = attest(key.secret(), idem, "{\"conditions\": 7}");
    Response second = attest(key.secret(), idem, "{\"conditions\": 7}");

    assertThat(first.statusCode()).isEqualTo(400);
    assertThat(second.statusCode()).isEqualTo(400);
    assertThat(second.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(second.asByteArray()).isEqualTo(first.asByteArray());
  }

  @Test
  void aNewKeyShownOnce_isNotStoredForAnAddress_soARepeatExecutesAgain() {
    String idem = UUID.randomUUID().toString();
    Map<String, String> body =
        Map.of("email", "idem-" + UUID.randomUUID() + "@example.com", "appName", "idem");
    Response first =
        given()
            .header("Idempotency-Key", idem)
            .contentType(ContentType.JSON)
            .body(body)
            .post("/v1/keys/create");
    Response second =
        given()
            .header("Idempotency-Key", idem)
            .contentType(ContentType.JSON)
            .body(body)
            .post("/v1/keys/create");

    assertThat(first.statusCode()).as(first.asString()).isEqualTo(200);
    assertThat(second.header("Idempotent-Replayed")).isNull();
    assertThat(second.statusCode()).as("one key per email: executed again").isEqualTo(409);
    assertThat(second.asString()).doesNotContain(first.jsonPath().getString("key"));
  }

  @Test
  void malformedKeys_are400WithAClearMessage_andChargeNothing() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    String body = request();

    attest(key.secret(), "x".repeat(256), body)
        .then()
        .statusCode(400)
        .body(
            "error.message",
            equalTo(
                "Idempotency-Key must be 1 to 255 characters (a UUID is a good key); this one has"
                    + " 256"));
    attest(key.secret(), "caf\u00e9-1", body)
        .then()
        .statusCode(400)
        .body(
            "error.message",
            equalTo(
                "Idempotency-Key must be visible ASCII characters (! to ~, no spaces); character 4"
                    + " is not"));
    attest(key.secret(), "two words", body).then().statusCode(400);
    attest(key.secret(), "", body).then().statusCode(400);
    given()
        .header("X-API-Key", key.secret())
        .header("Idempotency-Key", "a")
        .header("Idempotency-Key", "b")
        .contentType(ContentType.JSON)
        .body(body)
        .post("/v1/attest")
        .then()
        .statusCode(400)
        .body("error.message", equalTo("Send one Idempotency-Key header, not 2"));

    assertThat(Ledger.balance(pool, key.id())).isEqualTo(5);
    attest(key.secret(), "\"quoted-key-" + UUID.randomUUID() + "\"", body).then().statusCode(200);
  }

  @Test
  void expiredKeys_arePruned() {
    String scope = IdempotencyScope.hash("pruning-test-" + UUID.randomUUID());
    pool.preparedQuery(
            "insert into idempotent_request (scope, idem_key, fingerprint, status, body,"
                + " expires_at) values ($1, 'old', $2, 200, $2, $3)")
        .execute(
            Tuple.of(
                scope,
                Buffer.buffer(new byte[] {1}),
                OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1)))
        .await()
        .atMost(Duration.ofSeconds(30));

    pruning.runOnce();

    long left = -1;
    for (int i = 0; i < 100 && left != 0; i++) {
      left =
          pool.preparedQuery("select count(*) as n from idempotent_request where scope = $1")
              .execute(Tuple.of(scope))
              .await()
              .atMost(Duration.ofSeconds(30))
              .iterator()
              .next()
              .getLong("n");
      if (left != 0) {
        try {
          Thread.sleep(100);
          pruning.runOnce();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
    assertThat(left).isZero();
  }
}
