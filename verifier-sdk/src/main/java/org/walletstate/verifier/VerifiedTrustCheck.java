package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * One check of a {@link VerifiedTrustProfile}, read from the signed profile. Returned trees are
 * copies.
 *
 * <p>Every row carries a boolean {@code met}; a row that could not run ({@code evaluated: false},
 * e.g. {@code wallet_not_provided}) has {@code met: false} and counts in {@code notEvaluatedCount},
 * never as a failure. Profiles signed before unevaluated rows carried {@code met} still read as not
 * met here. An XRPL trust-line row carries {@code trustLineState {frozen}}: a frozen line is not
 * met whatever it holds.
 */
public final class VerifiedTrustCheck {

  private final String dimension;
  private final JsonNode check;

  VerifiedTrustCheck(String dimension, JsonNode check) {
    this.dimension = dimension;
    this.check = check.deepCopy();
  }

  /** The dimension the check belongs to, e.g. {@code stablecoins}. */
  public String dimension() {
    return dimension;
  }

  // Accessors in the same shape as VerifiedDiscount's and VerifiedResult's by design: each public
  // type reads its own signed members.
  /** The check list's label (signed, written by the service). */
  public String label() {
    return check.path("label").asText();
  }

  /** The chain id as written: a number for EVM chains, a word for the others. */
  public JsonNode chainId() {
    return check.path("chainId").deepCopy();
  }

  /** Whether the fact holds at the row's anchor; false for a row that was not evaluated. */
  public boolean met() {
    return SignedMembers.isTrue(check, "met");
  }

  /** False when the row could not run; {@link #reason()} then says why. */
  public boolean evaluated() {
    JsonNode evaluated = check.get("evaluated");
    return evaluated == null || !evaluated.isBoolean() || evaluated.booleanValue();
  }

  /** Why the row did not run ({@code wallet_not_provided}, {@code call_reverted}, …). */
  public Optional<String> reason() {
    return SignedMembers.text(check, "reason");
  }

  /** The request member a {@code wallet_not_provided} row needs, e.g. {@code xrplWallet}. */
  public Optional<String> requires() {
    return SignedMembers.text(check, "requires");
  }

  /**
   * For an XRPL trust-line row, {@code trustLineState.frozen}: whether the issuer froze the line or
   * everything it issued. Empty on every other row. On a row that was not evaluated it is {@code
   * false} and states no observation.
   */
  public Optional<Boolean> trustLineFrozen() {
    JsonNode frozen = check.path("trustLineState").get("frozen");
    return frozen != null && frozen.isBoolean()
        ? Optional.of(frozen.booleanValue())
        : Optional.empty();
  }

  /** The predicate that was evaluated, whose hash is {@link #conditionHash()}. */
  public JsonNode evaluatedCondition() {
    return check.path("evaluatedCondition").deepCopy();
  }

  public Optional<String> conditionHash() {
    return SignedMembers.text(check, "conditionHash");
  }

  /**
   * How the row's chain was read, when the request asked ({@code "assurance"}); empty for a row
   * without {@code readAssurance} (a request without the option, or a row that read no chain).
   */
  public Optional<ReadAssurance> readAssurance() {
    return ReadAssurance.of(check);
  }

  /** The whole signed row (a copy). */
  public JsonNode asJson() {
    return check.deepCopy();
  }

  @Override
  public String toString() {
    return "VerifiedTrustCheck[" + dimension + ", " + label() + ", met=" + met() + "]";
  }
}
