package org.walletstate.adapters.http.testbed;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.walletstate.verifier.PqStatus;
import org.walletstate.verifier.PqVerdict;
import org.walletstate.verifier.VerificationReport;
import org.walletstate.verifier.VerifiedAttestation;

/** {@code POST /v1/attest} and what tests check on every answer. */
public final class AttestCalls {

  private AttestCalls() {}

  public static Response attest(String key, Object body) {
    return given()
        .header("X-API-Key", key)
        .contentType(ContentType.JSON)
        .body(body)
        .post("/v1/attest");
  }

  public static Response attestWithoutCredentials(Object body) {
    return given().contentType(ContentType.JSON).body(body).post("/v1/attest");
  }

  /**
   * Asserts a 200 signed attestation that the verifier SDK accepts in full against the served key
   * set (signature, ML-DSA-65 companion, every conditionHash, expiry, and the JWT pair when the
   * response carries one), and returns its signed content.
   */
  public static VerifiedAttestation verified(Response response) {
    String body = response.asString();
    assertThat(response.statusCode()).as(body).isEqualTo(200);
    VerificationReport report = Verifier.report(body);
    assertThat(report.valid()).as(report + "\n" + body).isTrue();
    assertThat(report.signature().passed()).isTrue();
    assertThat(report.conditionHashes().passed()).isTrue();
    assertThat(report.pq().status()).as(report.toString()).isEqualTo(PqStatus.VERIFIED);
    if (JsonPath.from(body).get("data.jwt") != null) {
      assertThat(report.jwt()).as("jwt verdict").isPresent();
      assertThat(report.jwt().get().passed()).as(report.toString()).isTrue();
      assertThat(report.jwt().get().pq().map(PqVerdict::status))
          .as(report.toString())
          .contains(PqStatus.VERIFIED);
    }
    try {
      return Verifier.fromServedKeys().verify(body);
    } catch (Exception e) {
      throw new AssertionError("the SDK rejected a response its report accepted: " + body, e);
    }
  }

  /** The caller's view of its account, from {@code GET /v1/credits}. */
  public record Account(long credits, int requestsToday, String dailyLimitResetsAt) {}

  public static Account account(String key) {
    JsonPath data =
        given()
            .header("X-API-Key", key)
            .get("/v1/credits")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    return new Account(
        data.getLong("data.credits"),
        data.getInt("data.requestsToday"),
        data.getString("data.dailyLimitResetsAt"));
  }
}
