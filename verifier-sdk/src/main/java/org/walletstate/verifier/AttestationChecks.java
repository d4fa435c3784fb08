package org.walletstate.verifier;

import static org.walletstate.verifier.StatementChecks.guarded;
import static org.walletstate.verifier.StatementChecks.textOrNull;
import static org.walletstate.verifier.StatementChecks.truthy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.security.interfaces.ECPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.verifier.internal.CompactJws;
import org.walletstate.verifier.internal.Es256;
import org.walletstate.verifier.internal.IsoInstant;
import org.walletstate.verifier.internal.JsEquality;
import org.walletstate.verifier.internal.JsJson;
import org.walletstate.verifier.internal.StrictJson;

/**
 * The attestation checks (wire-format §8): the common checks of {@link StatementChecks} on the raw
 * path, plus the condition hashes and the tokens carried beside the attestation; and the token
 * path.
 */
final class AttestationChecks implements StatementChecks.Rules {

  /** Fixed grace on the expiresAt-to-attestedAt binding, independent of the clock skew. */
  static final Duration EXPIRY_BINDING_GRACE = Duration.ofSeconds(60);

  static final Duration WINDOW = Duration.ofMinutes(30);
  static final Duration DELEGATION_WINDOW = Duration.ofMinutes(5);

  private final Policy policy;
  private final StatementChecks statements;
  private final Companions companions;

  AttestationChecks(Policy policy) {
    this.policy = policy;
    this.statements = new StatementChecks(policy, StatementType.ATTESTATION, this);
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
    JsonNode data = holder(root);
    JsonNode jwt = data.get(StatementType.JWT);
    if (jwt != null && jwt.isTextual() && !truthy(data.get(StatementType.ATTESTATION.name()))) {
      JsonNode pqJwt = data.get(StatementType.PQ_JWT);
      return reportToken(
          jwt.textValue(), pqJwt != null && pqJwt.isTextual() ? pqJwt.textValue() : null);
    }
    return raw(root);
  }

  // ---- what an attestation says to the common checks ----------------------------------------

  /** {@code data} when it is an object, otherwise the response itself. */
  @Override
  public JsonNode holder(JsonNode root) {
    JsonNode data = root.get("data");
    return data != null && data.isObject() ? data : root;
  }

  @Override
  public String shapeProblem(JsonNode data) {
    if (data == null || !data.isObject()) {
      return "invalid response: missing data object";
    }
    JsonNode attestation = data.get(StatementType.ATTESTATION.name());
    if (attestation == null || !attestation.isObject()) {
      return "invalid response: missing data.attestation";
    }
    if (!StatementChecks.hasSignature(data)) {
      return "invalid response: missing data.sig";
    }
    return StatementType.ATTESTATION
        .missingMember(attestation)
        .map(member -> "invalid response: missing attestation." + member)
        .orElse(null);
  }

  /** Every result's {@code blockTimestamp}; non-EVM anchors carry none. */
  @Override
  public List<StatementChecks.Anchor> anchors(JsonNode attestation, Instant attestedAt) {
    return anchors(attestation.get("results"));
  }

  private List<StatementChecks.Anchor> anchors(JsonNode results) {
    List<StatementChecks.Anchor> anchors = new ArrayList<>();
    for (int i = 0; i < results.size(); i++) {
      JsonNode stamp = results.get(i).isObject() ? results.get(i).get("blockTimestamp") : null;
      if (!truthy(stamp)) {
        continue; // non-EVM anchors carry no timestamp
      }
      int index = i;
      anchors.add(
          new StatementChecks.Anchor(
              StatementChecks.instant(stamp),
              "result " + i + " blockTimestamp is not a timestamp",
              age ->
                  "result "
                      + index
                      + " blockTimestamp is "
                      + age.toSeconds()
                      + "s old (max "
                      + policy.maxAge().toSeconds()
                      + "s + "
                      + policy.clockSkew().toSeconds()
                      + "s skew)"));
    }
    return anchors;
  }

  /**
   * {@code expiresAt} is not signed: it must lie within the issuance window (30 minutes, 5 with a
   * delegation condition) after the signed {@code attestedAt}, plus a fixed grace.
   */
  @Override
  public Optional<String> expiryBindingProblem(JsonNode attestation, Instant expiresAt) {
    Optional<Instant> attestedAt = StatementChecks.instant(attestation.get("attestedAt"));
    if (attestedAt.isEmpty()) {
      return Optional.of("attestedAt is not a timestamp, so expiresAt cannot be bound to it");
    }
    Duration window = hasDelegation(attestation.get("results")) ? DELEGATION_WINDOW : WINDOW;
    if (Duration.between(attestedAt.get(), expiresAt).compareTo(window.plus(EXPIRY_BINDING_GRACE))
        > 0) {
      return Optional.of(
          "expiresAt exceeds the signed issuance window (attestedAt + "
              + window.toMinutes()
              + " min); treated as tampered");
    }
    return Optional.empty();
  }

  // ---- raw path ------------------------------------------------------------------------------

  private Outcome raw(JsonNode root) {
    StatementChecks.Result result = statements.check(root);
    if (result instanceof StatementChecks.Malformed malformed) {
      return Outcome.of(VerificationReport.malformed(malformed.reason()));
    }
    StatementChecks.WellFormed checked = (StatementChecks.WellFormed) result;
    JsonNode data = checked.holder();
    JsonNode attestation = checked.statement();
    JsonNode results = attestation.get("results");
    Map<Check, Verdict> verdicts = new EnumMap<>(Check.class);
    verdicts.putAll(checked.verdicts());
    List<Integer> failures = new ArrayList<>();
    verdicts.put(
        Check.CONDITION_HASHES, guarded(() -> conditionHashes(results, checked.role(), failures)));
    boolean carriesTokens =
        truthyOrPresent(data.get(StatementType.JWT))
            || truthyOrPresent(data.get(StatementType.PQ_JWT));
    EmbeddedToken embedded = carriesTokens ? embeddedToken(checked) : null;
    VerificationReport report =
        new VerificationReport(
            verdicts,
            failures,
            checked.pq(),
            embedded == null ? null : embedded.verdict(),
            checked.kid());
    return new Outcome(
        report,
        attestation.get("id").textValue(),
        attestation.get("pass").booleanValue(),
        results,
        checked.issuedAt(),
        checked.expiresAt(),
        checked.kid(),
        embedded == null ? null : embedded.subject());
  }

  private static PreimageScheme schemeFor(Optional<KeyRole> role) {
    return role.flatMap(StatementType.ATTESTATION::scheme).orElse(PreimageScheme.V1);
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

  private EmbeddedToken embeddedToken(StatementChecks.WellFormed checked) {
    JsonNode data = checked.holder();
    JsonNode attestation = checked.statement();
    String kid = checked.kid();
    Optional<KeyRole> role = checked.role();
    KeySet.Lookup<ECPublicKey> key = checked.key();
    JsonNode token = data.get(StatementType.JWT);
    JsonNode pqToken = data.get(StatementType.PQ_JWT);
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
    PqVerdict pq =
        companions.token(
            pqToken != null && pqToken.isTextual() ? pqToken.textValue() : null,
            jwt,
            checked.issuedAt());
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

    Map<Check, Verdict> verdicts = new EnumMap<>(Check.class);
    verdicts.put(Check.STRUCTURE, Verdict.pass());
    verdicts.put(
        Check.SIGNATURE,
        guarded(
            () -> {
              if (!key.isFound()) {
                return Verdict.fail(key.problem());
              }
              Optional<String> kidProblem = statements.kidProblem(kid, role);
              return kidProblem.isPresent()
                  ? Verdict.fail(kidProblem.get())
                  : tokenSignature(jwt, key.key());
            }));
    List<Integer> failures = new ArrayList<>();
    verdicts.put(
        Check.CONDITION_HASHES,
        hasResults
            ? guarded(() -> conditionHashes(results, role, failures))
            : Verdict.fail("the token carries no results array"));
    verdicts.put(
        Check.FRESHNESS,
        hasResults
            ? guarded(() -> statements.freshness(anchors(results)))
            : Verdict.fail("no results to check"));
    if (expiresAt == null) {
      verdicts.put(Check.EXPIRY, Verdict.fail("the token carries no numeric exp"));
    } else if (policy.now().isAfter(expiresAt.plus(policy.clockSkew()))) {
      verdicts.put(Check.EXPIRY, Verdict.fail("expired at " + expiresAt));
    } else {
      verdicts.put(Check.EXPIRY, Verdict.pass());
    }
    PqVerdict pq = companions.token(pqToken, jwt, attestedAt);
    VerificationReport report = new VerificationReport(verdicts, failures, pq, null, kid);
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

  /** Present and not null ({@code != null} in JavaScript). */
  private static boolean truthyOrPresent(JsonNode value) {
    return value != null && !value.isNull();
  }

  private static String joined(List<Integer> indexes) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < indexes.size(); i++) {
      out.append(i == 0 ? "" : ", ").append(indexes.get(i));
    }
    return out.toString();
  }
}
