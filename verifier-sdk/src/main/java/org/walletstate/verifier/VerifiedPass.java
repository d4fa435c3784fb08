package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** An in-store pass whose every check passed. Only {@link AttestationVerifier} makes these. */
public final class VerifiedPass {

  private final JsonNode pass;
  private final Instant issuedAt;
  private final Instant expiresAt;
  private final String kid;
  private final PassReport report;

  VerifiedPass(JsonNode pass, Instant issuedAt, Instant expiresAt, String kid, PassReport report) {
    this.pass = pass.deepCopy();
    this.issuedAt = issuedAt;
    this.expiresAt = expiresAt;
    this.kid = kid;
    this.report = report;
  }

  // Accessors in the same shape as VerifiedTrustProfile's, VerifiedDiscount's and
  // VerifiedAttestation's by design: each public type names its own members, and a shared base
  // would join their APIs.
  /** The wallet that signed in (signed; EIP-55 checksummed). */
  public String wallet() {
    return pass.path("wallet").asText();
  }

  public Instant issuedAt() {
    return issuedAt;
  }

  public Instant expiresAt() {
    return expiresAt;
  }

  public String kid() {
    return kid;
  }

  /** The whole signed pass (a copy). */
  public JsonNode asJson() {
    return pass.deepCopy();
  }

  public PassReport report() {
    return report;
  }

  @Override
  public String toString() {
    return "VerifiedPass[" + wallet() + ", " + issuedAt + ", kid=" + kid + "]";
  }
}
