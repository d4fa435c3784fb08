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
    // Same fields and accessors as VerifiedDiscount's and VerifiedPass's by design: each public
    // type names its own members.
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

  // Accessors in the same shape as VerifiedPass's and VerifiedAttestation's by design.
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

  /**
   * This profile, when every row that read a chain was read from a quorum of at least {@code k}
   * independent providers (its signed {@code readAssurance}); rows that read nothing ({@code
   * wallet_not_provided}) are passed over.
   *
   * @throws InsufficientAssuranceException naming the first row read otherwise
   */
  public VerifiedTrustProfile requireQuorum(int k) {
    if (k < 2) {
      throw new IllegalArgumentException("a quorum is at least 2 providers, got " + k);
    }
    for (VerifiedTrustCheck check : checks()) {
      if (check.reason().filter("wallet_not_provided"::equals).isPresent()) {
        continue;
      }
      if (check.readAssurance().filter(a -> a.isQuorumOf(k)).isEmpty()) {
        throw new InsufficientAssuranceException(
            "check "
                + check.dimension()
                + "/"
                + check.label()
                + " was not read from a quorum of at least "
                + k
                + " providers: "
                + check.readAssurance().map(Object::toString).orElse("no readAssurance"));
      }
    }
    return this;
  }

  public TrustProfileReport report() {
    return report;
  }

  @Override
  public String toString() {
    return "VerifiedTrustProfile[" + id() + ", kid=" + kid + "]";
  }
}
