package org.walletstate.adapters.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.Ledger;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.adapters.http.testbed.WebhookTestResource;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.VerifiedAttestation;

/** {@code /v1/watches} over HTTP against PostgreSQL and the devnet's contracts. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(WebhookTestResource.class)
class WatchesTest {

  private static final String HOOK = "http://127.0.0.1:9/hook";
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  @Inject Pool pool;

  private final DevnetManifest m = Devnet.shared().manifest();

  private Map<String, Object> attestBody(String threshold) {
    return body(
        m.wallet("holder").address(), tokenBalance(10, m.chain(10).address("token6"), threshold));
  }

  private Map<String, Object> watchBody(String threshold) {
    return withMember(attestBody(threshold), "webhookUrl", HOOK);
  }

  private static Response post(String key, Object body) {
    return given()
        .header("X-API-Key", key)
        .contentType(ContentType.JSON)
        .body(body)
        .post("/v1/watches");
  }

  /** The watch's first attestation, checked by the SDK as attest's own answer would be. */
  private static VerifiedAttestation firstAttestation(Response response) throws Exception {
    JsonNode tree = JSON.readTree(response.asString());
    String envelope =
        "{\"ok\":true,\"data\":" + JSON.writeValueAsString(tree.at("/data/attestation")) + "}";
    assertThat(Verifier.report(envelope).valid()).as(envelope).isTrue();
    return Verifier.fromServedKeys().verify(envelope);
  }

  @Test
  void aWatch_answersItsFirstSignedAttestation_andIsItsOwnersOnly() throws Exception {
    TestKeys.TestKey owner = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    TestKeys.TestKey other = TestKeys.create(pool, 5, 100, KeyVersion.V2);

    Response created = post(owner.secret(), withMember(watchBody("1"), "deliver", "met"));

    created
        .then()
        .statusCode(200)
        .body("data.watch.id", startsWith("wch_"))
        .body("data.watch.status", equalTo("active"))
        .body("data.watch.deliver", equalTo("met"))
        .body("data.watch.pass", equalTo(true))
        .body("data.webhookSecret", startsWith("whsec_"))
        .body("meta.creditsCharged", equalTo(1))
        .body("meta.creditsRemaining", equalTo(4));
    VerifiedAttestation first = firstAttestation(created);
    assertThat(first.pass()).isTrue();
    String id = created.jsonPath().getString("data.watch.id");
    assertThat(created.jsonPath().getString("data.watch.lastAttestationId")).isEqualTo(first.id());
    assertThat(Ledger.entries(pool, owner.id()))
        .extracting(Ledger.Entry::requestId)
        .contains(first.id());

    given()
        .header("X-API-Key", owner.secret())
        .get("/v1/watches")
        .then()
        .statusCode(200)
        .body("data.count", equalTo(1))
        .body("data.watches[0].id", equalTo(id));
    Response one = given().header("X-API-Key", owner.secret()).get("/v1/watches/" + id);
    one.then().statusCode(200).body("data.webhookUrl", equalTo(HOOK));
    assertThat(one.asString()).doesNotContain("whsec_");
    given().header("X-API-Key", other.secret()).get("/v1/watches/" + id).then().statusCode(404);
    given().header("X-API-Key", other.secret()).delete("/v1/watches/" + id).then().statusCode(404);
    given()
        .header("X-API-Key", other.secret())
        .get("/v1/watches")
        .then()
        .body("data.count", equalTo(0));

    given()
        .header("X-API-Key", owner.secret())
        .delete("/v1/watches/" + id)
        .then()
        .statusCode(200)
        .body("data.deleted", equalTo(true));
    given().header("X-API-Key", owner.secret()).get("/v1/watches/" + id).then().statusCode(404);
  }

  @Test
  void malformedSubscriptions_are400WithTheAttestMessages_andCostNothing() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);
    Map<String, Object> noConditions =
        withMember(Map.of("wallet", m.wallet("holder").address()), "webhookUrl", HOOK);
    String attestMessage =
        given()
            .header("X-API-Key", key.secret())
            .contentType(ContentType.JSON)
            .body(Map.of("wallet", m.wallet("holder").address()))
            .post("/v1/attest")
            .jsonPath()
            .getString("error.message");

    assertThat(attestMessage).isNotBlank();
    post(key.secret(), noConditions)
        .then()
        .statusCode(400)
        .body("error.message", equalTo(attestMessage));
    post(key.secret(), attestBody("1"))
        .then()
        .statusCode(400)
        .body("error.message", equalTo("webhookUrl is required"));
    post(key.secret(), withMember(attestBody("1"), "webhookUrl", "not a url"))
        .then()
        .statusCode(400)
        .body("error.message", equalTo("webhookUrl must be an absolute https URL"));
    post(key.secret(), withMember(watchBody("1"), "lifetime", 60))
        .then()
        .statusCode(400)
        .body(
            "error.message",
            equalTo("lifetime must be a whole number of seconds from 3600 to 2592000"));
    post(key.secret(), withMember(watchBody("1"), "deliver", "always"))
        .then()
        .statusCode(400)
        .body("error.message", equalTo("deliver must be \"pass\" or \"met\""));
    post(key.secret(), withMember(watchBody("1"), "assurance", "quorum"))
        .then()
        .statusCode(400)
        .body(
            "error.message",
            equalTo(
                "assurance is not available on watches: a watch reads each chain from one provider"));
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(5);
  }

  @Test
  void webhooksThatReachPrivateOrLoopbackAddresses_areRefusedBeforeAnythingIsRead() {
    TestKeys.TestKey key = TestKeys.create(pool, 5, 100, KeyVersion.V2);

    for (var refused :
        List.of(
            List.of("https://10.1.2.3/hook", "a private address"),
            List.of("https://169.254.169.254/latest", "a link-local address"),
            List.of("http://127.0.0.2:9/hook", "a loopback address"),
            List.of("https://[::ffff:192.168.0.1]/hook", "a private address"),
            List.of("ftp://example.com/hook", "webhookUrl must be an absolute https URL"))) {
      post(key.secret(), withMember(attestBody("1"), "webhookUrl", refused.get(0)))
          .then()
          .statusCode(400)
          .body("error.message", org.hamcrest.Matchers.containsString(refused.get(1)));
    }
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(5);
  }

  @Test
  void aKeyHasAtMostItsLimitOfWatches_andARepeatedIdempotencyKeyMakesOne() {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 100, KeyVersion.V2);

    Response once =
        given()
            .header("X-API-Key", key.secret())
            .header("Idempotency-Key", "watch-1")
            .contentType(ContentType.JSON)
            .body(watchBody("1"))
            .post("/v1/watches");
    Response again =
        given()
            .header("X-API-Key", key.secret())
            .header("Idempotency-Key", "watch-1")
            .contentType(ContentType.JSON)
            .body(watchBody("1"))
            .post("/v1/watches");
    assertThat(again.asString()).isEqualTo(once.asString());
    for (int i = 1; i < WebhookTestResource.MAX_PER_KEY; i++) {
      post(key.secret(), watchBody("1")).then().statusCode(200);
    }
    post(key.secret(), watchBody("1"))
        .then()
        .statusCode(409)
        .body("error.message", startsWith("This key has 3 watches"));
    assertThat(Ledger.balance(pool, key.id())).isEqualTo(10 - WebhookTestResource.MAX_PER_KEY);
  }
}
