package org.walletstate.verifier;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every verdict on one attestation: the checks of every signed statement, plus the condition hashes
 * and, when a raw response carries them, its tokens. Read signed content only from a {@link
 * VerifiedAttestation}.
 */
public final class VerificationReport extends StatementReport {

  /** The checks an attestation runs besides the companion and the tokens. */
  static final List<Check> CHECKS =
      List.of(Check.SIGNATURE, Check.CONDITION_HASHES, Check.FRESHNESS, Check.EXPIRY);

  private final List<Integer> conditionHashFailures;
  private final JwtVerdict jwt;

  VerificationReport(
      Map<Check, Verdict> verdicts,
      List<Integer> conditionHashFailures,
      PqVerdict pq,
      JwtVerdict jwt,
      String kid) {
    super(withTokens(verdicts, jwt), pq, kid);
    this.conditionHashFailures = List.copyOf(conditionHashFailures);
    this.jwt = jwt;
  }

  /** A report for input that never reached the checks: every verdict failed with {@code reason}. */
  static VerificationReport malformed(String reason) {
    return new VerificationReport(
        StatementReport.malformed(CHECKS, reason),
        List.of(),
        StatementReport.malformedPq(reason),
        null,
        null);
  }

  private static Map<Check, Verdict> withTokens(Map<Check, Verdict> verdicts, JwtVerdict jwt) {
    Map<Check, Verdict> all = new EnumMap<>(Check.class);
    all.putAll(verdicts);
    if (jwt != null) {
      all.put(Check.JWT, jwt.verdict());
    }
    return all;
  }

  public Verdict conditionHashes() {
    return verdict(Check.CONDITION_HASHES);
  }

  /** Indexes of the results whose condition hash is missing or does not match. */
  public List<Integer> conditionHashFailures() {
    return conditionHashFailures;
  }

  /** Present only when a raw response also carried {@code jwt} or {@code pqJwt}. */
  public Optional<JwtVerdict> jwt() {
    return Optional.ofNullable(jwt);
  }

  @Override
  ObjectNode json() {
    ObjectNode out = super.json();
    ArrayNode failures = out.putArray("conditionHashFailures");
    conditionHashFailures.forEach(failures::add);
    if (jwt != null) {
      ObjectNode token =
          out.putObject("jwt").put("passed", jwt.passed()).put("reason", jwt.reason().orElse(null));
      token.set("pq", jwt.pq().map(StatementReport::json).orElse(null));
    }
    return out;
  }

  @Override
  String shown(Check check) {
    return check == Check.JWT ? jwt.toString() : super.shown(check);
  }
}
