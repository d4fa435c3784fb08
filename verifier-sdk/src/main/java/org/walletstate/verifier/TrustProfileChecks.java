package org.walletstate.verifier;

import static org.walletstate.verifier.AttestationChecks.guarded;
import static org.walletstate.verifier.AttestationChecks.isText;
import static org.walletstate.verifier.AttestationChecks.textOrNull;
import static org.walletstate.verifier.AttestationChecks.truthy;

import com.fasterxml.jackson.databind.JsonNode;
import java.security.interfaces.ECPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.walletstate.verifier.internal.Base64Text;
import org.walletstate.verifier.internal.Es256;
import org.walletstate.verifier.internal.IsoInstant;
import org.walletstate.verifier.internal.StrictJson;

/** The trust-profile checks: signature, freshness, expiry and companion (no condition hashes). */
final class TrustProfileChecks {

  private final Policy policy;
  private final Preimages preimages;
  private final Companions companions;

  TrustProfileChecks(Policy policy) {
    this.policy = policy;
    this.preimages = Preimages.of(policy.namespace());
    this.companions = new Companions(policy);
  }

  record Outcome(
      TrustProfileReport report,
      JsonNode trust,
      Instant profiledAt,
      Instant expiresAt,
      String kid) {}

  Outcome evaluate(String response) {
    JsonNode root;
    try {
      root = StrictJson.parse(response.strip());
    } catch (StrictJson.MalformedJson e) {
      return malformed(e.getMessage());
    }
    JsonNode holder = root;
    JsonNode data = root.get("data");
    if (data != null && data.isObject() && truthy(data.get("trust"))) {
      holder = data;
    }
    JsonNode trust = holder.get("trust");
    if (trust == null || !trust.isObject()) {
      return malformed("missing trust profile (expected data.trust or trust)");
    }
    if (!isText(trust.get("wallet"))
        || !isText(trust.get("profiledAt"))
        || !isText(trust.get("expiresAt"))
        || trust.get("dimensions") == null
        || !trust.get("dimensions").isObject()
        || trust.get("summary") == null
        || !trust.get("summary").isObject()) {
      return malformed(
          "object is not a trust profile (expected wallet, dimensions, summary, profiledAt,"
              + " expiresAt)");
    }
    JsonNode sigNode = holder.get("sig");
    if (sigNode == null || !sigNode.isTextual() || sigNode.textValue().isEmpty()) {
      return malformed("missing signature (expected data.sig or sig)");
    }
    String sig = sigNode.textValue();
    String kid = textOrNull(holder.get("kid"));
    Optional<KeyRole> role = policy.namespace().roleOf(kid);
    Instant profiledAt = IsoInstant.parse(trust.get("profiledAt").textValue()).orElse(null);
    Instant expiresAt = IsoInstant.parse(trust.get("expiresAt").textValue()).orElse(null);
    KeySet.Lookup<ECPublicKey> key = policy.keys().ecKey(kid);
    PreimageScheme scheme = role.map(KeyRole::trustProfileScheme).orElse(PreimageScheme.V1);

    Verdict signature = guarded(() -> signature(trust, sig, kid, role, key, scheme));
    Verdict freshness = guarded(() -> freshness(trust, profiledAt));
    Verdict expiry;
    if (expiresAt == null) {
      expiry = Verdict.fail("expiresAt is not a timestamp");
    } else if (policy.now().isAfter(expiresAt.plus(policy.clockSkew()))) {
      expiry = Verdict.fail("expired at " + trust.get("expiresAt").textValue());
    } else {
      expiry = Verdict.pass();
    }
    PqVerdict pq =
        companions.raw(
            textOrNull(holder.get("pqSig")),
            textOrNull(holder.get("pqKid")),
            role,
            KeyRole.TRUST_PQ1,
            () -> preimages.trustProfileCompanion(preimages.trustProfile(scheme, trust)),
            profiledAt);
    TrustProfileReport report =
        new TrustProfileReport(Verdict.pass(), signature, freshness, expiry, pq, kid);
    return new Outcome(report, trust, profiledAt, expiresAt, kid);
  }

  private static Outcome malformed(String reason) {
    return new Outcome(TrustProfileReport.malformed(reason), null, null, null, null);
  }

  private Verdict signature(
      JsonNode trust,
      String sig,
      String kid,
      Optional<KeyRole> role,
      KeySet.Lookup<ECPublicKey> key,
      PreimageScheme scheme) {
    if (!key.isFound()) {
      return Verdict.fail(key.problem());
    }
    if (kid == null) {
      return Verdict.fail("the response carries no kid; the signing key cannot be selected");
    }
    if (role.isEmpty() || !role.get().signsTrustProfiles()) {
      return Verdict.fail("kid \"" + kid + "\" does not sign trust profiles");
    }
    byte[] signature;
    try {
      signature = Base64Text.decodeStandard(sig);
    } catch (IllegalArgumentException e) {
      return Verdict.fail("sig is not base64");
    }
    if (signature.length != Es256.SIGNATURE_LENGTH) {
      return Verdict.fail("sig is not a 64-byte P1363 signature");
    }
    return Es256.verify(key.key(), preimages.trustProfile(scheme, trust), signature)
        ? Verdict.pass()
        : Verdict.fail("signature does not match the trust profile");
  }

  /** profiledAt, then every evaluated check's blockTimestamp, against the maximum age. */
  private Verdict freshness(JsonNode trust, Instant profiledAt) {
    if (policy.maxAge() == null) {
      return Verdict.pass("skipped: no maximum age set");
    }
    Instant now = policy.now();
    Duration limit = policy.maxAge().plus(policy.clockSkew());
    if (profiledAt == null) {
      return Verdict.fail("profiledAt is not a timestamp");
    }
    if (Duration.between(profiledAt, now).compareTo(limit) > 0) {
      return Verdict.fail("profile is " + Duration.between(profiledAt, now).toSeconds() + "s old");
    }
    for (Map.Entry<String, JsonNode> dimension : trust.get("dimensions").properties()) {
      JsonNode checks = dimension.getValue().isObject() ? dimension.getValue().get("checks") : null;
      if (checks == null || !checks.isArray()) {
        continue;
      }
      for (JsonNode check : checks) {
        JsonNode stamp = check.isObject() ? check.get("blockTimestamp") : null;
        if (stamp == null || !stamp.isTextual()) {
          continue; // unevaluated checks and non-EVM anchors carry none
        }
        Optional<Instant> at = IsoInstant.parse(stamp.textValue());
        if (at.isEmpty()) {
          return Verdict.fail(
              "dimension \""
                  + dimension.getKey()
                  + "\" has a blockTimestamp that is not a timestamp");
        }
        if (Duration.between(at.get(), now).compareTo(limit) > 0) {
          return Verdict.fail(
              "dimension \""
                  + dimension.getKey()
                  + "\" on-chain data is "
                  + Duration.between(at.get(), now).toSeconds()
                  + "s old");
        }
      }
    }
    return Verdict.pass();
  }
}
