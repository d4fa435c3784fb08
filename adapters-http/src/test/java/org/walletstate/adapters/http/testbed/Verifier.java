package org.walletstate.adapters.http.testbed;

import static io.restassured.RestAssured.given;

import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.VerificationReport;

/** The offline verifier SDK, against the key set the service under test publishes. */
public final class Verifier {

  private Verifier() {}

  public static AttestationVerifier fromServedKeys() {
    return AttestationVerifier.builder(KeySet.parse(given().get("/v1/jwks").asString())).build();
  }

  public static VerificationReport report(String response) {
    return fromServedKeys().report(response);
  }
}
