package org.walletstate.adapters.http.testbed;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.walletstate.verifier.AttestationRejectedException;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * Watches as a caller and a receiver use them: a watch created through {@code POST /v1/watches},
 * its delivery history, and a delivery checked as a receiver checks it (the Standard Webhooks HMAC
 * computed independently, the body verified by the SDK).
 */
public final class Watches {

  private Watches() {}

  /** A watch of {@code attestBody} delivering to {@code url}; its creation answer (200). */
  public static Response create(TestKeys.TestKey key, Map<String, Object> attestBody, String url) {
    Response created =
        given()
            .header("X-API-Key", key.secret())
            .contentType(ContentType.JSON)
            .body(withMember(attestBody, "webhookUrl", url))
            .post("/v1/watches");
    assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
    return created;
  }

  /**
   * A watch of {@code attestBody} whose first attestation passes. Right after a holder is funded
   * the service's followed head (polled) may not have reached the funding block yet, so a creation
   * can read the holder before the funding: such a watch is deleted (freeing its place) and created
   * again, until the followed head has the funding (at most 20 tries, 250 ms apart).
   */
  public static Response createPassing(
      TestKeys.TestKey key, Map<String, Object> attestBody, String url)
      throws InterruptedException {
    for (int attempt = 1; ; attempt++) {
      Response created = create(key, attestBody, url);
      if (created.jsonPath().getBoolean("data.watch.pass") || attempt == 20) {
        return created;
      }
      String id = created.jsonPath().getString("data.watch.id");
      assertThat(given().header("X-API-Key", key.secret()).delete("/v1/watches/" + id).statusCode())
          .isBetween(200, 204);
      Thread.sleep(250);
    }
  }

  /** {@code GET /v1/watches/{id}/deliveries} by the owner key. */
  public static Response deliveries(TestKeys.TestKey key, String id) {
    return given().header("X-API-Key", key.secret()).get("/v1/watches/" + id + "/deliveries");
  }

  /** {@code GET /v1/watches/{id}} by the owner key. */
  public static Response watch(TestKeys.TestKey key, String id) {
    return given().header("X-API-Key", key.secret()).get("/v1/watches/" + id);
  }

  /** Waits up to 60 s for {@code done}; fails with {@code what} when it does not come. */
  public static void await(String what, BooleanSupplier done) throws InterruptedException {
    await(() -> what, done);
  }

  /**
   * Waits up to 60 s for {@code done}; fails with {@code what}, asked only then (so it can describe
   * the state the wait ended in).
   */
  public static void await(Supplier<String> what, BooleanSupplier done)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
    while (!done.getAsBoolean()) {
      if (!Instant.now().isBefore(deadline)) {
        throw new AssertionError(what.get());
      }
      Thread.sleep(100);
    }
  }

  /**
   * The watches' rows and their deliveries' rows as the database holds them (no secrets): what a
   * failed wait for a delivery reports.
   */
  public static String state(Pool pool, List<String> ids) {
    String watches =
        rows(
            pool,
            "select id, status, status_detail, changes, next_evaluation_at from watch"
                + " where id = any($1) order by id",
            ids);
    String deliveries =
        rows(
            pool,
            "select watch_id, seq, status, attempts, last_outcome, created_at, last_attempt_at,"
                + " delivered_at, next_attempt_at from watch_delivery where watch_id = any($1)"
                + " order by watch_id, seq",
            ids);
    return "now " + Instant.now() + "; watches " + watches + "; deliveries " + deliveries;
  }

  private static String rows(Pool pool, String sql, List<String> ids) {
    return pool.preparedQuery(sql)
        .execute(Tuple.of(ids.toArray(new String[0])))
        .map(
            rows -> {
              List<String> all = new ArrayList<>();
              for (Row row : rows) {
                List<String> values = new ArrayList<>();
                for (int i = 0; i < row.size(); i++) {
                  values.add(row.getColumnName(i) + "=" + row.getValue(i));
                }
                all.add(String.join(" ", values));
              }
              return all.toString();
            })
        .await()
        .atMost(Duration.ofSeconds(30));
  }

  /** The Standard Webhooks signature ({@code v1,…}) of a delivery, computed from the secret. */
  public static String signature(String secret, String id, String timestamp, String body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring(6)), "HmacSHA256"));
      return "v1,"
          + Base64.getEncoder()
              .encodeToString(
                  mac.doFinal(
                      (id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A delivery's body (the signed attestation, attest's {@code data}) verified by the SDK. */
  public static VerifiedAttestation verified(WebhookReceiver.Received delivery)
      throws AttestationRejectedException {
    return Verifier.fromServedKeys().verify("{\"ok\":true,\"data\":" + delivery.body() + "}");
  }

  /**
   * The delivery of the watch {@code id} of {@code key} as {@code receiver} got it: the watch's
   * history holds one delivery, delivered; the receiver got that {@code webhook-id} once, its
   * signature checked against the watch's {@code secret} and its body verified by the SDK.
   */
  public static VerifiedAttestation deliveryOf(
      WebhookReceiver receiver, TestKeys.TestKey key, String id, String secret)
      throws AttestationRejectedException {
    Response history = deliveries(key, id);
    assertThat(history.jsonPath().getList("data.deliveries")).as(history.asString()).hasSize(1);
    assertThat(history.jsonPath().getString("data.deliveries[0].status")).isEqualTo("delivered");
    String webhookId = history.jsonPath().getString("data.deliveries[0].id");
    List<WebhookReceiver.Received> got =
        receiver.received().stream()
            .filter(r -> webhookId.equals(r.headers().get("webhook-id")))
            .toList();
    assertThat(got).as("the requests with webhook-id %s", webhookId).hasSize(1);
    WebhookReceiver.Received one = got.get(0);
    assertThat(one.headers().get("webhook-signature"))
        .isEqualTo(
            signature(secret, webhookId, one.headers().get("webhook-timestamp"), one.body()));
    VerifiedAttestation attestation = verified(one);
    assertThat(attestation.id())
        .isEqualTo(history.jsonPath().getString("data.deliveries[0].attestationId"));
    return attestation;
  }

  /**
   * The one delivery {@code receiver} got (it fails when there were more), its signature checked
   * against the watch's {@code secret} and its body verified by the SDK.
   */
  public static VerifiedAttestation onlyDelivery(WebhookReceiver receiver, String secret)
      throws AttestationRejectedException {
    assertThat(receiver.received()).hasSize(1);
    WebhookReceiver.Received one = receiver.received().get(0);
    String webhookId = one.headers().get("webhook-id");
    String timestamp = one.headers().get("webhook-timestamp");
    assertThat(one.headers().get("webhook-signature"))
        .isEqualTo(signature(secret, webhookId, timestamp, one.body()));
    return verified(one);
  }
}
