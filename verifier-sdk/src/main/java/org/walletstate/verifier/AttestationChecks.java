package org.walletstate.verifier;

import static org.walletstate.verifier.StatementChecks.guarded;
import static org.walletstate.verifier.StatementChecks.truthy;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
  private final AttestationTokenChecks tokens;
  private final EmbeddedTokenChecks embeddedTokens;

  AttestationChecks(Policy policy) {
    this.policy = policy;
    this.statements = new StatementChecks(policy, StatementType.ATTESTATION, this);
    Companions companions = new Companions(policy);
    this.tokens = new AttestationTokenChecks(policy, statements, companions);
    this.embeddedTokens = new EmbeddedTokenChecks(companions);
  }

  /** Everything a verification produced; content fields are null unless it was well formed. */
  // Its components are VerifiedAttestation's constructor's by design: an outcome carries what a
  // verified attestation is made of.
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
    return ResultChecks.anchors(attestation.get("results"), policy);
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
    Duration window =
        ResultChecks.hasDelegation(attestation.get("results")) ? DELEGATION_WINDOW : WINDOW;
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
        Check.CONDITION_HASHES,
        guarded(() -> ResultChecks.conditionHashes(results, checked.role(), failures)));
    boolean carriesTokens =
        truthyOrPresent(data.get(StatementType.JWT))
            || truthyOrPresent(data.get(StatementType.PQ_JWT));
    EmbeddedTokenChecks.EmbeddedToken embedded =
        carriesTokens ? embeddedTokens.check(checked) : null;
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

  /** The token path: an attestation delivered as its JWT, with its companion token. */
  Outcome reportToken(String token, String pqToken) {
    return tokens.report(token, pqToken);
  }

  // ---- helpers -------------------------------------------------------------------------------

  /** Present and not null ({@code != null} in JavaScript). */
  private static boolean truthyOrPresent(JsonNode value) {
    return value != null && !value.isNull();
  }
}
