package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.security.interfaces.ECPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.verifier.internal.Base64Text;
import org.walletstate.verifier.internal.CompactJws;
import org.walletstate.verifier.internal.Es256;
import org.walletstate.verifier.internal.IsoInstant;
import org.walletstate.verifier.internal.JsEquality;
import org.walletstate.verifier.internal.JsJson;
import org.walletstate.verifier.internal.StrictJson;

/** The attestation checks (wire-format §8), raw and token paths. */
final class AttestationChecks {

  /** Fixed grace on the expiresAt-to-attestedAt binding, independent of the clock skew. */
  static final Duration EXPIRY_BINDING_GRACE = Duration.ofSeconds(60);

  static final Duration WINDOW = Duration.ofMinutes(30);
  static final Duration DELEGATION_WINDOW = Duration.ofMinutes(5);

  private final Policy policy;
  private final Preimages preimages;
  private final Companions companions;

  AttestationChecks(Policy policy) {
    this.policy = policy;
    this.preimages = Preimages.of(policy.namespace());
    this.companions = new Companions(policy);
  }

  /** Everything a verification produced; content fields are null unless it was well formed. */
  record Outcome(
      VerificationReport report,
      String id,
      boolean pass,
      JsonNode results,
      Instant attestedAt,
      Instant expiresAt,
      String kid,
      String subject) {

    static Outcome of(VerificationReport report) {
      return new Outcome(report, null, false, null, null, null, null, null);
    }
  }

  VerificationReport report(String response) {
    return evaluate(response).report();
  }

  Outcome evaluate(String response) {
    String text = response.strip();
    if (!text.startsWith("{")) {
      return reportToken(text, null);
    }
    JsonNode root;
    try {
      root = StrictJson.parse(text);
    } catch (StrictJson.MalformedJson e) {
      return Outcome.of(VerificationReport.malformed(e.getMessage()));
    }
    JsonNode data =
        root.get("data") != null && root.get("data").isObject() ? root.get("data") : root;
    JsonNode jwt = data.get("jwt");
    if (jwt != null && jwt.isTextual() && !truthy(data.get("attestation"))) {
      JsonNode pqJwt = data.get("pqJwt");
      return reportToken(
          jwt.textValue(), pqJwt != null && pqJwt.isTextual() ? pqJwt.textValue() : null);
    }
    return raw(data);
  }

  // ---- raw path ------------------------------------------------------------------------------

  private Outcome raw(JsonNode data) {
    JsonNode attestation = data.get("attestation");
    String problem = shapeProblem(data, attestation);
    if (problem != null) {
      return Outcome.of(VerificationReport.malformed("invalid response: " + problem));
    }
    String sig = data.get("sig").textValue();
    String kid = textOrNull(data.get("kid"));
    String pqSig = textOrNull(data.get("pqSig"));
    String pqKid = textOrNull(data.get("pqKid"));
    Optional<KeyRole> role = policy.namespace().roleOf(kid);
    JsonNode results = attestation.get("results");
    Instant attestedAt = IsoInstant.parse(attestation.get("attestedAt").textValue()).orElse(null);
    KeySet.Lookup<ECPublicKey> key = policy.keys().ecKey(kid);

    Verdict signature = guarded(() -> rawSignature(attestation, sig, kid, role, key));
    List<Integer> failures = new ArrayList<>();
    Verdict hashes = guarded(() -> conditionHashes(results, role, failures));
    Verdict freshness = guarded(() -> freshness(results));
    Verdict expiry =
        guarded(
            () ->
                expiry(
                    attestation.get("expiresAt").textValue(),
                    attestation.get("attestedAt").textValue(),
                    results));
    PqVerdict pq =
        companions.raw(
            pqSig,
            pqKid,
            role,
            KeyRole.ATTEST_PQ1,
            () ->
                preimages.attestationCompanion(preimages.attestation(schemeFor(role), attestation)),
            attestedAt);

    boolean carriesTokens = truthyOrPresent(data.get("jwt")) || truthyOrPresent(data.get("pqJwt"));
    EmbeddedToken embedded =
        carriesTokens ? embeddedToken(data, attestation, kid, role, key) : null;
    VerificationReport report =
        new VerificationReport(
            Verdict.pass(),
            signature,
            hashes,
            failures,
            freshness,
            expiry,
            pq,
            embedded == null ? null : embedded.verdict(),
            kid);
    return new Outcome(
        report,
        attestation.get("id").textValue(),
        attestation.get("pass").booleanValue(),
        results,
        attestedAt,
        IsoInstant.parse(attestation.get("expiresAt").textValue()).orElse(null),
        kid,
        embedded == null ? null : embedded.subject());
  }

  private static String shapeProblem(JsonNode data, JsonNode attestation) {
    if (data == null || !data.isObject()) {
      return "missing data object";
    }
    if (attestation == null || !attestation.isObject()) {
      return "missing data.attestation";
    }
    JsonNode sig = data.get("sig");
    if (sig == null || !sig.isTextual() || sig.textValue().isEmpty()) {
      return "missing data.sig";
    }
    if (!isText(attestation.get("id"))) {
      return "missing attestation.id";
    }
    JsonNode pass = attestation.get("pass");
    if (pass == null || !pass.isBoolean()) {
      return "missing attestation.pass";
    }
    JsonNode results = attestation.get("results");
    if (results == null || !results.isArray()) {
      return "missing attestation.results";
    }
    if (!isText(attestation.get("attestedAt"))) {
      return "missing attestation.attestedAt";
    }
    if (!isText(attestation.get("expiresAt"))) {
      return "missing attestation.expiresAt";
    }
    return null;
  }

  private Verdict rawSignature(
      JsonNode attestation,
      String sig,
      String kid,
      Optional<KeyRole> role,
      KeySet.Lookup<ECPublicKey> key) {
    if (!key.isFound()) {
      return Verdict.fail(key.problem());
    }
    String kidProblem = attestationKidProblem(kid, role);
    if (kidProblem != null) {
      return Verdict.fail(kidProblem);
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
    byte[] preimage = preimages.attestation(role.orElseThrow().attestationScheme(), attestation);
    return Es256.verify(key.key(), preimage, signature)
        ? Verdict.pass()
        : Verdict.fail("signature does not match the attestation");
  }

  private String attestationKidProblem(String kid, Optional<KeyRole> role) {
    if (kid == null) {
      return "the response carries no kid; the signing key and scheme cannot be selected";
    }
    if (role.isEmpty() || !role.get().signsAttestations()) {
      return "kid \"" + kid + "\" does not sign attestations";
    }
    return null;
  }

  private static PreimageScheme schemeFor(Optional<KeyRole> role) {
    return role.map(KeyRole::attestationScheme).orElse(PreimageScheme.V1);
  }

  /** Per result: the hash of its evaluatedCondition, in the scheme the kid selects. */
  private Verdict conditionHashes(
      JsonNode results, Optional<KeyRole> role, List<Integer> failures) {
    PreimageScheme scheme = schemeFor(role);
    for (int i = 0; i < results.size(); i++) {
      JsonNode result = results.get(i);
      JsonNode condition = result.isObject() ? result.get("evaluatedCondition") : null;
      JsonNode claimed = result.isObject() ? result.get("conditionHash") : null;
      if (!truthy(condition) || !truthy(claimed) || !condition.isObject() || !claimed.isTextual()) {
        failures.add(i);
        continue;
      }
      if (!Preimages.conditionHash(scheme, condition).equals(claimed.textValue())) {
        failures.add(i);
      }
    }
    if (!failures.isEmpty()) {
      return Verdict.fail("condition hash mismatch at result index(es): " + joined(failures));
    }
    return Verdict.pass();
  }

  private Verdict freshness(JsonNode results) {
    if (policy.maxAge() == null) {
      return Verdict.pass("skipped: no maximum age set");
    }
    Instant now = policy.now();
    Duration limit = policy.maxAge().plus(policy.clockSkew());
    for (int i = 0; i < results.size(); i++) {
      JsonNode stamp = results.get(i).isObject() ? results.get(i).get("blockTimestamp") : null;
      if (!truthy(stamp)) {
        continue; // non-EVM anchors carry no timestamp
      }
      Optional<Instant> at =
          stamp.isTextual() ? IsoInstant.parse(stamp.textValue()) : Optional.empty();
      if (at.isEmpty()) {
        return Verdict.fail("result " + i + " blockTimestamp is not a timestamp");
      }
      Duration age = Duration.between(at.get(), now);
      if (age.compareTo(limit) > 0) {
        return Verdict.fail(
            "result "
                + i
                + " blockTimestamp is "
                + age.toSeconds()
                + "s old (max "
                + policy.maxAge().toSeconds()
                + "s + "
                + policy.clockSkew().toSeconds()
                + "s skew)");
      }
    }
    return Verdict.pass();
  }

  private Verdict expiry(String expiresAtText, String attestedAtText, JsonNode results) {
    Optional<Instant> expiresAt = IsoInstant.parse(expiresAtText);
    if (expiresAt.isEmpty()) {
      return Verdict.fail("expiresAt is not a timestamp");
    }
    if (attestedAtText != null) {
      Optional<Instant> attestedAt = IsoInstant.parse(attestedAtText);
      if (attestedAt.isEmpty()) {
        return Verdict.fail("attestedAt is not a timestamp, so expiresAt cannot be bound to it");
      }
      Duration window = hasDelegation(results) ? DELEGATION_WINDOW : WINDOW;
      if (Duration.between(attestedAt.get(), expiresAt.get())
              .compareTo(window.plus(EXPIRY_BINDING_GRACE))
          > 0) {
        return Verdict.fail(
            "expiresAt exceeds the signed issuance window (attestedAt + "
                + window.toMinutes()
                + " min); treated as tampered");
      }
    }
    if (policy.now().isAfter(expiresAt.get().plus(policy.clockSkew()))) {
      return Verdict.fail("expired at " + expiresAtText);
    }
    return Verdict.pass();
  }

  private static boolean hasDelegation(JsonNode results) {
    for (JsonNode result : results) {
      JsonNode condition = result.isObject() ? result.get("evaluatedCondition") : null;
      if (condition != null
          && condition.isObject()
          && "erc7710_delegation".equals(textOrNull(condition.get("type")))) {
        return true;
      }
    }
    return false;
  }

  // ---- tokens beside a raw attestation -------------------------------------------------------

  private record EmbeddedToken(JwtVerdict verdict, String subject) {}

  private EmbeddedToken embeddedToken(
      JsonNode data,
      JsonNode attestation,
      String kid,
      Optional<KeyRole> role,
      KeySet.Lookup<ECPublicKey> key) {
    JsonNode token = data.get("jwt");
    JsonNode pqToken = data.get("pqJwt");
    if (token == null || !token.isTextual()) {
      return failedToken(
          pqToken != null && pqToken.isTextual()
              ? "the response carries data.pqJwt without a data.jwt string"
              : "data.jwt is not a string",
          null);
    }
    CompactJws jwt;
    try {
      jwt = CompactJws.parse(token.textValue());
    } catch (IllegalArgumentException e) {
      return failedToken("data.jwt: " + e.getMessage(), null);
    }
    String tokenKid = jwt.headerText("kid");
    if (tokenKid == null ? kid != null : !tokenKid.equals(kid)) {
      return failedToken(
          "data.jwt names kid \""
              + tokenKid
              + "\" but the response is signed under \""
              + kid
              + "\"",
          null);
    }
    Instant attestedAt = IsoInstant.parse(attestation.get("attestedAt").textValue()).orElse(null);
    PqVerdict pq =
        companions.token(
            pqToken != null && pqToken.isTextual() ? pqToken.textValue() : null, jwt, attestedAt);
    if (!key.isFound()) {
      return failedToken("data.jwt signature: " + key.problem(), pq);
    }
    Verdict signature = tokenSignature(jwt, key.key());
    if (!signature.passed()) {
      return failedToken("data.jwt signature: " + signature.reason().orElse(""), pq);
    }
    JsonNode claims = jwt.payload();
    Optional<Instant> expiresAt = IsoInstant.parse(attestation.get("expiresAt").textValue());
    JsonNode expectedExp =
        expiresAt.isPresent()
            ? JsonNodeFactory.instance.numberNode(
                Math.floorDiv(expiresAt.get().toEpochMilli(), 1000L))
            : JsonNodeFactory.instance.textNode("(unparsable expiresAt)");
    String[][] names = {{"jti", "id"}, {"pass", "pass"}, {"results", "results"}};
    try {
      for (String[] pair : names) {
        Optional<String> difference =
            JsEquality.firstDifference(
                claims.get(pair[0]), attestation.get(pair[1]), pair[0], CanonicalJson.MAX_DEPTH);
        if (difference.isPresent()) {
          return failedToken(
              "data.jwt claim \"" + difference.get() + "\" differs from the attestation", pq);
        }
      }
      if (JsEquality.firstDifference(claims.get("exp"), expectedExp, "exp", CanonicalJson.MAX_DEPTH)
          .isPresent()) {
        return failedToken("data.jwt claim \"exp\" differs from the attestation's expiresAt", pq);
      }
    } catch (JsJson.NestingTooDeep e) {
      return failedToken("data.jwt: refused: " + e.getMessage(), pq);
    }
    List<Integer> failures = new ArrayList<>();
    Verdict hashes = guarded(() -> conditionHashes(claims.get("results"), role, failures));
    if (!hashes.passed()) {
      return failedToken("data.jwt condition hashes: " + hashes.reason().orElse(""), pq);
    }
    if (!pq.passed()) {
      return failedToken("data.pqJwt: " + pq.reason().orElse(pq.status().wireName()), pq);
    }
    return new EmbeddedToken(new JwtVerdict(Verdict.pass(), pq), textOrNull(claims.get("sub")));
  }

  private static EmbeddedToken failedToken(String reason, PqVerdict pq) {
    return new EmbeddedToken(new JwtVerdict(Verdict.fail(reason), pq), null);
  }

  // ---- token path ----------------------------------------------------------------------------

  Outcome reportToken(String token, String pqToken) {
    CompactJws jwt;
    try {
      jwt = CompactJws.parse(token);
    } catch (IllegalArgumentException e) {
      return Outcome.of(VerificationReport.malformed("JWT: " + e.getMessage()));
    }
    JsonNode claims = jwt.payload();
    String kid = jwt.headerText("kid");
    Optional<KeyRole> role = policy.namespace().roleOf(kid);
    KeySet.Lookup<ECPublicKey> key = policy.keys().ecKey(kid);
    JsonNode results = claims.get("results");
    boolean hasResults = results != null && results.isArray();
    JsonNode exp = claims.get("exp");
    Instant expiresAt =
        exp != null && exp.isNumber() && truthy(exp)
            ? Instant.ofEpochMilli((long) (JsJson.toDouble(exp) * 1000))
            : null;
    JsonNode iat = claims.get("iat");
    Instant attestedAt =
        iat != null && iat.isNumber() && truthy(iat)
            ? Instant.ofEpochMilli((long) (JsJson.toDouble(iat) * 1000))
            : null;

    Verdict signature =
        guarded(
            () -> {
              if (!key.isFound()) {
                return Verdict.fail(key.problem());
              }
              String kidProblem = attestationKidProblem(kid, role);
              return kidProblem != null ? Verdict.fail(kidProblem) : tokenSignature(jwt, key.key());
            });
    List<Integer> failures = new ArrayList<>();
    Verdict hashes =
        hasResults
            ? guarded(() -> conditionHashes(results, role, failures))
            : Verdict.fail("the token carries no results array");
    Verdict freshness =
        hasResults ? guarded(() -> freshness(results)) : Verdict.fail("no results to check");
    Verdict expiry;
    if (expiresAt == null) {
      expiry = Verdict.fail("the token carries no numeric exp");
    } else if (policy.now().isAfter(expiresAt.plus(policy.clockSkew()))) {
      expiry = Verdict.fail("expired at " + expiresAt);
    } else {
      expiry = Verdict.pass();
    }
    PqVerdict pq = companions.token(pqToken, jwt, attestedAt);
    VerificationReport report =
        new VerificationReport(
            Verdict.pass(), signature, hashes, failures, freshness, expiry, pq, null, kid);
    JsonNode pass = claims.get("pass");
    return new Outcome(
        report,
        textOrNull(claims.get("jti")),
        pass != null && pass.isBoolean() && pass.booleanValue(),
        hasResults ? results : JsonNodeFactory.instance.arrayNode(),
        attestedAt,
        expiresAt,
        kid,
        textOrNull(claims.get("sub")));
  }

  private static Verdict tokenSignature(CompactJws jwt, ECPublicKey key) {
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

  // ---- helpers -------------------------------------------------------------------------------

  /** A check that throws becomes that check's failure, never an escape. */
  static Verdict guarded(java.util.function.Supplier<Verdict> check) {
    try {
      return check.get();
    } catch (CanonicalJson.NestingTooDeepException | JsJson.NestingTooDeep e) {
      return Verdict.fail("refused: " + e.getMessage());
    } catch (RuntimeException e) {
      return Verdict.fail("verification error: " + e.getMessage());
    }
  }

  /** JavaScript truthiness of a member (absent is falsy). */
  static boolean truthy(JsonNode value) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return false;
    }
    if (value.isBoolean()) {
      return value.booleanValue();
    }
    if (value.isNumber()) {
      double number = JsJson.toDouble(value);
      return number != 0 && !Double.isNaN(number);
    }
    if (value.isTextual()) {
      return !value.textValue().isEmpty();
    }
    return true;
  }

  /** Present and not null ({@code != null} in JavaScript). */
  private static boolean truthyOrPresent(JsonNode value) {
    return value != null && !value.isNull();
  }

  static boolean isText(JsonNode value) {
    return value != null && value.isTextual();
  }

  static String textOrNull(JsonNode value) {
    return value != null && value.isTextual() ? value.textValue() : null;
  }

  private static String joined(List<Integer> indexes) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < indexes.size(); i++) {
      out.append(i == 0 ? "" : ", ").append(indexes.get(i));
    }
    return out.toString();
  }
}
