package org.walletstate.verifier;

import static org.walletstate.verifier.StatementChecks.guarded;
import static org.walletstate.verifier.StatementChecks.textOrNull;
import static org.walletstate.verifier.StatementChecks.truthy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.security.interfaces.ECPublicKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.verifier.internal.CompactJws;
import org.walletstate.verifier.internal.Es256;
import org.walletstate.verifier.internal.JsJson;

/**
 * The token path of the attestation checks (wire-format §8): an attestation delivered as its ES256
 * JWT, checked for signature, condition hashes, freshness and expiry from its claims, with its
 * ML-DSA companion token.
 */
final class AttestationTokenChecks {

  // Fields in the same shape as StatementChecks' by design: each step of the checks is handed only
  // what it uses.
  private final Policy policy;
  private final StatementChecks statements;
  private final Companions companions;

  AttestationTokenChecks(Policy policy, StatementChecks statements, Companions companions) {
    this.policy = policy;
    this.statements = statements;
    this.companions = companions;
  }

  AttestationChecks.Outcome report(String token, String pqToken) {
    CompactJws jwt;
    try {
      jwt = CompactJws.parse(token);
    } catch (IllegalArgumentException e) {
      return AttestationChecks.Outcome.of(VerificationReport.malformed("JWT: " + e.getMessage()));
    }
    JsonNode claims = jwt.payload();
    String kid = jwt.headerText("kid");
    Optional<KeyRole> role = policy.namespace().roleOf(kid);
    KeySet.Lookup<ECPublicKey> key = policy.keys().ecKey(kid);
    JsonNode results = claims.get("results");
    boolean hasResults = results != null && results.isArray();
    Instant expiresAt = epochSeconds(claims.get("exp"));
    Instant attestedAt = epochSeconds(claims.get("iat"));

    Map<Check, Verdict> verdicts = new EnumMap<>(Check.class);
    verdicts.put(Check.STRUCTURE, Verdict.pass());
    verdicts.put(Check.SIGNATURE, guarded(() -> signatureVerdict(jwt, kid, role, key)));
    List<Integer> failures = new ArrayList<>();
    verdicts.put(
        Check.CONDITION_HASHES,
        hasResults
            ? guarded(() -> ResultChecks.conditionHashes(results, role, failures))
            : Verdict.fail("the token carries no results array"));
    verdicts.put(
        Check.FRESHNESS,
        hasResults
            ? guarded(() -> statements.freshness(ResultChecks.anchors(results, policy)))
            : Verdict.fail("no results to check"));
    verdicts.put(Check.EXPIRY, expiry(expiresAt));
    PqVerdict pq = companions.token(pqToken, jwt, attestedAt);
    VerificationReport report = new VerificationReport(verdicts, failures, pq, null, kid);
    JsonNode pass = claims.get("pass");
    return new AttestationChecks.Outcome(
        report,
        textOrNull(claims.get("jti")),
        pass != null && pass.isBoolean() && pass.booleanValue(),
        hasResults ? results : JsonNodeFactory.instance.arrayNode(),
        attestedAt,
        expiresAt,
        kid,
        textOrNull(claims.get("sub")));
  }

  /** A numeric, truthy NumericDate claim as an instant; otherwise null. */
  private static Instant epochSeconds(JsonNode claim) {
    return claim != null && claim.isNumber() && truthy(claim)
        ? Instant.ofEpochMilli((long) (JsJson.toDouble(claim) * 1000))
        : null;
  }

  private Verdict signatureVerdict(
      CompactJws jwt, String kid, Optional<KeyRole> role, KeySet.Lookup<ECPublicKey> key) {
    if (!key.isFound()) {
      return Verdict.fail(key.problem());
    }
    Optional<String> kidProblem = statements.kidProblem(kid, role);
    return kidProblem.isPresent() ? Verdict.fail(kidProblem.get()) : signature(jwt, key.key());
  }

  private Verdict expiry(Instant expiresAt) {
    if (expiresAt == null) {
      return Verdict.fail("the token carries no numeric exp");
    }
    if (policy.now().isAfter(expiresAt.plus(policy.clockSkew()))) {
      return Verdict.fail("expired at " + expiresAt);
    }
    return Verdict.pass();
  }

  /** The token's ES256 signature under {@code key}; a DER signature is tolerated on tokens. */
  static Verdict signature(CompactJws jwt, ECPublicKey key) {
    String alg = jwt.headerText("alg");
    if (!"ES256".equals(alg)) {
      return Verdict.fail("unsupported JWT algorithm: " + alg);
    }
    byte[] signature = jwt.signature();
    if (signature.length != Es256.SIGNATURE_LENGTH) {
      signature = Es256.derToP1363(signature); // tolerated on the token path only
    }
    return Es256.verify(key, jwt.signingInput(), signature)
        ? Verdict.pass()
        : Verdict.fail("JWT signature does not match its payload");
  }
}
