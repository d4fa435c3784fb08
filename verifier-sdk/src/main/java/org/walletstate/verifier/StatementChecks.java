package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.security.interfaces.ECPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.walletstate.verifier.internal.Base64Text;
import org.walletstate.verifier.internal.Es256;
import org.walletstate.verifier.internal.IsoInstant;
import org.walletstate.verifier.internal.JsJson;
import org.walletstate.verifier.internal.StrictJson;

/**
 * The one checker of signed statements (wire-format §8, raw form): for any {@link StatementType},
 * the structure, the classical signature over the preimage the kid selects, freshness, expiry and
 * the ML-DSA-65 companion. What differs between types (where the statement sits, what it must hold,
 * which timestamps are anchors, how its expiry is bound) comes from its {@link Rules}; a type's own
 * further checks (an attestation's condition hashes and tokens) are added by its caller.
 */
final class StatementChecks {

  private final Policy policy;
  private final StatementType type;
  private final Rules rules;
  private final Companions companions;

  StatementChecks(Policy policy, StatementType type, Rules rules) {
    this.policy = policy;
    this.type = type;
    this.rules = rules;
    this.companions = new Companions(policy);
  }

  /** What a statement type says about reading its responses. */
  interface Rules {

    /** The object that holds the statement and its signatures, in a parsed response. */
    JsonNode holder(JsonNode root);

    /** Why {@code holder} carries no well-formed statement of this type; null when it does. */
    String shapeProblem(JsonNode holder);

    /** The timestamps the freshness check reads, in the order it reads them. */
    List<Anchor> anchors(JsonNode statement, Instant issuedAt);

    /** Why {@code expiresAt} is not bound to the signed content, if the type binds it. */
    default Optional<String> expiryBindingProblem(JsonNode statement, Instant expiresAt) {
      return Optional.empty();
    }
  }

  /**
   * One timestamp of a statement that must be no older than the maximum age.
   *
   * @param at the instant, empty when the text is not a timestamp
   * @param unreadable the failure when it is not a timestamp
   * @param tooOld the failure for an age past the limit
   */
  record Anchor(Optional<Instant> at, String unreadable, Function<Duration, String> tooOld) {}

  /** The outcome of the common checks. */
  sealed interface Result permits Malformed, WellFormed {}

  /** The input is not a signed statement of this type; nothing was checked. */
  record Malformed(String reason) implements Result {}

  /**
   * The common verdicts on a well-formed statement, and what they were computed from.
   *
   * @param verdicts signature, freshness and expiry (structure passed)
   */
  record WellFormed(
      JsonNode holder,
      JsonNode statement,
      String kid,
      Optional<KeyRole> role,
      KeySet.Lookup<ECPublicKey> key,
      Instant issuedAt,
      Instant expiresAt,
      Map<Check, Verdict> verdicts,
      PqVerdict pq)
      implements Result {}

  /** Parses a response; the failure is the structure verdict's reason. */
  static Result parse(String response, Function<JsonNode, Result> then) {
    JsonNode root;
    try {
      root = StrictJson.parse(response);
    } catch (StrictJson.MalformedJson e) {
      return new Malformed(e.getMessage());
    }
    return then.apply(root);
  }

  /** The common checks of the statement in a parsed response. */
  Result check(JsonNode root) {
    JsonNode holder = rules.holder(root);
    String problem = rules.shapeProblem(holder);
    if (problem != null) {
      return new Malformed(problem);
    }
    JsonNode statement = holder.get(type.name());
    String sig = holder.get(StatementType.SIG).textValue();
    String kid = textOrNull(holder.get(StatementType.KID));
    Optional<KeyRole> role = policy.namespace().roleOf(kid);
    KeySet.Lookup<ECPublicKey> key = policy.keys().ecKey(kid);
    PreimageScheme scheme = role.flatMap(type::scheme).orElse(PreimageScheme.V1);
    Instant issuedAt = instant(statement.get(type.issuedAtMember())).orElse(null);
    Optional<Instant> expiresAt = instant(statement.get(StatementType.EXPIRES_AT));

    Map<Check, Verdict> verdicts = new EnumMap<>(Check.class);
    verdicts.put(Check.STRUCTURE, Verdict.pass());
    verdicts.put(Check.SIGNATURE, guarded(() -> signature(statement, sig, kid, role, key)));
    verdicts.put(Check.FRESHNESS, guarded(() -> freshness(rules.anchors(statement, issuedAt))));
    verdicts.put(Check.EXPIRY, guarded(() -> expiry(statement, expiresAt)));
    PqVerdict pq =
        companions.raw(
            textOrNull(holder.get(StatementType.PQ_SIG)),
            textOrNull(holder.get(StatementType.PQ_KID)),
            role,
            type.companionRole(),
            () ->
                type.companionPreimage(
                    policy.namespace(), type.preimage(policy.namespace(), scheme, statement)),
            issuedAt);
    return new WellFormed(
        holder, statement, kid, role, key, issuedAt, expiresAt.orElse(null), verdicts, pq);
  }

  /** A text member holding a non-empty signature. */
  static boolean hasSignature(JsonNode holder) {
    JsonNode sig = holder.get(StatementType.SIG);
    return sig != null && sig.isTextual() && !sig.textValue().isEmpty();
  }

  private Verdict signature(
      JsonNode statement,
      String sig,
      String kid,
      Optional<KeyRole> role,
      KeySet.Lookup<ECPublicKey> key) {
    if (!key.isFound()) {
      return Verdict.fail(key.problem());
    }
    Optional<String> kidProblem = kidProblem(kid, role);
    if (kidProblem.isPresent()) {
      return Verdict.fail(kidProblem.get());
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
    PreimageScheme scheme = type.scheme(role.orElseThrow()).orElseThrow();
    byte[] preimage = type.preimage(policy.namespace(), scheme, statement);
    return Es256.verify(key.key(), preimage, signature)
        ? Verdict.pass()
        : Verdict.fail("signature does not match the " + type.noun());
  }

  /** Why a signature under {@code kid} cannot stand for a statement of this type, if it cannot. */
  Optional<String> kidProblem(String kid, Optional<KeyRole> role) {
    if (kid == null) {
      return Optional.of("the response carries no kid; the signing key cannot be selected");
    }
    if (role.isEmpty() || type.scheme(role.get()).isEmpty()) {
      return Optional.of("kid \"" + kid + "\" does not sign " + type.plural());
    }
    return Optional.empty();
  }

  /** Every anchor no older than the maximum age plus the skew; passes when no age is set. */
  Verdict freshness(List<Anchor> anchors) {
    if (policy.maxAge() == null) {
      return Verdict.pass("skipped: no maximum age set");
    }
    Instant now = policy.now();
    Duration limit = policy.maxAge().plus(policy.clockSkew());
    for (Anchor anchor : anchors) {
      if (anchor.at().isEmpty()) {
        return Verdict.fail(anchor.unreadable());
      }
      Duration age = Duration.between(anchor.at().get(), now);
      if (age.compareTo(limit) > 0) {
        return Verdict.fail(anchor.tooOld().apply(age));
      }
    }
    return Verdict.pass();
  }

  private Verdict expiry(JsonNode statement, Optional<Instant> expiresAt) {
    if (expiresAt.isEmpty()) {
      return Verdict.fail("expiresAt is not a timestamp");
    }
    Optional<String> binding = rules.expiryBindingProblem(statement, expiresAt.get());
    if (binding.isPresent()) {
      return Verdict.fail(binding.get());
    }
    if (policy.now().isAfter(expiresAt.get().plus(policy.clockSkew()))) {
      return Verdict.fail("expired at " + statement.get(StatementType.EXPIRES_AT).textValue());
    }
    return Verdict.pass();
  }

  // ---- reading JSON as the reference verifier does ---------------------------------------------

  /** A check that throws becomes that check's failure, never an escape. */
  static Verdict guarded(Supplier<Verdict> check) {
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

  static String textOrNull(JsonNode value) {
    return value != null && value.isTextual() ? value.textValue() : null;
  }

  /** The instant a text member holds; empty when it is absent, not text or not a timestamp. */
  static Optional<Instant> instant(JsonNode value) {
    return value != null && value.isTextual()
        ? IsoInstant.parse(value.textValue())
        : Optional.empty();
  }
}
