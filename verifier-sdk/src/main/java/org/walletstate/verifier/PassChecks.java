package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The pass checks: the common checks of a statement signed whole, with {@code expiresAt} bound to
 * at most {@link #LIFETIME} after {@code issuedAt}, so a pass lives 65 seconds whatever a
 * verifier's maximum age; a pass may also come as its QR code's text.
 */
final class PassChecks extends WholeStatementChecks<PassReport> {

  /** The longest a pass may live. */
  static final Duration LIFETIME = Duration.ofSeconds(65);

  private final Namespace namespace;

  PassChecks(Policy policy) {
    super(policy, StatementType.PASS, PassReport.CHECKS, PassReport::new);
    this.namespace = policy.namespace();
  }

  /** A QR code's text ({@link PassCode}), checked as the {@code data} object it stands for. */
  Outcome<PassReport> evaluateCode(String code) {
    String data;
    try {
      data = PassCode.expand(code, namespace);
    } catch (PassCode.MalformedCodeException e) {
      return outcome(new StatementChecks.Malformed(e.getMessage()));
    }
    return evaluate(data);
  }

  @Override
  public List<StatementChecks.Anchor> anchors(JsonNode pass, Instant issuedAt) {
    return List.of(issuance(issuedAt, "pass"));
  }

  @Override
  public Optional<String> expiryBindingProblem(JsonNode pass, Instant expiresAt) {
    Optional<Instant> issuedAt = StatementChecks.instant(pass.get("issuedAt"));
    if (issuedAt.isEmpty()) {
      return Optional.of("issuedAt is not a timestamp");
    }
    if (expiresAt.isAfter(issuedAt.get().plus(LIFETIME))) {
      return Optional.of("expiresAt is more than " + LIFETIME.toSeconds() + "s after issuedAt");
    }
    return Optional.empty();
  }
}
