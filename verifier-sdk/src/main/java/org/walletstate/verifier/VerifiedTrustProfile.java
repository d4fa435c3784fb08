package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A trust profile whose every check passed. Only {@link AttestationVerifier} makes these. */
public final class VerifiedTrustProfile {

  private final JsonNode trust;
  private final Instant profiledAt;
  private final Instant expiresAt;
  private final String kid;
  private final TrustProfileReport report;

  VerifiedTrustProfile(
      JsonNode trust,
      Instant profiledAt,
      Instant expiresAt,
      String kid,
      TrustProfileReport report) {
    this.trust = trust.deepCopy();
    this.profiledAt = profiledAt;
    this.expiresAt = expiresAt;
    this.kid = kid;
    this.report = report;
  }

  public String id() {
    return trust.path("id").asText();
  }

  /** The wallet the profile describes (signed). */
  public String wallet() {
    return trust.path("wallet").asText();
  }

  /** The name of the check list that ran; log it, never reject on it. */
  public String conditionSetVersion() {
    return trust.path("conditionSetVersion").asText();
  }

  public Instant profiledAt() {
    return profiledAt;
  }

  public Instant expiresAt() {
    return expiresAt;
  }

  public String kid() {
    return kid;
  }

  /** The whole signed profile (a copy): render this, never your own copy of the response. */
  public JsonNode asJson() {
    return trust.deepCopy();
  }

  /** Every check of every dimension, in the signed order (dimensions in their fixed order). */
  public List<VerifiedTrustCheck> checks() {
    List<VerifiedTrustCheck> checks = new ArrayList<>();
    for (Map.Entry<String, JsonNode> dimension : trust.path("dimensions").properties()) {
      for (JsonNode check : dimension.getValue().path("checks")) {
        if (check.isObject()) {
          checks.add(new VerifiedTrustCheck(dimension.getKey(), check));
        }
      }
    }
    return List.copyOf(checks);
  }

  public TrustProfileReport report() {
    return report;
  }

  @Override
  public String toString() {
    return "VerifiedTrustProfile[" + id() + ", kid=" + kid + "]";
  }
}
