package org.walletstate.verifier;

import static org.walletstate.verifier.ProofFields.ADDRESS;
import static org.walletstate.verifier.ProofFields.HEX;
import static org.walletstate.verifier.ProofFields.concat;
import static org.walletstate.verifier.ProofFields.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import org.walletstate.verifier.internal.Keccak;
import org.walletstate.verifier.internal.StateTrie;

/**
 * Compares a proven value with the signed verdict ({@link ProofStep#VERDICT}): a balance against
 * the condition's threshold in base units, a code hash against the expected code state, a
 * revocation flag against {@code met} and {@code failReason}. A match is a verified {@link
 * ProofVerdict}.
 */
final class ProvenVerdicts {

  private static final byte[] EMPTY_CODE_HASH = StateTrie.EMPTY_CODE_HASH;
  private static final byte[] ZERO_WORD = new byte[32];
  private static final byte[] DESIGNATOR_PREFIX = {(byte) 0xef, 0x01, 0x00};

  /** The failReasons decided before the revocation check: the proof says nothing about them. */
  private static final Set<String> BEFORE_REVOCATION =
      Set.of(
          "delegate_mismatch", "principal_mismatch", "invalid_signature", "delegator_not_deployed");

  private ProvenVerdicts() {}

  /**
   * The decimals to scale the threshold by: the caller's pin if given (a signed value that differs
   * is rejected), else the signed ones (the proof's and the condition's must agree).
   */
  static int decimals(JsonNode proof, JsonNode condition, Integer pinned) {
    JsonNode signed = proof.get("decimals");
    JsonNode v1 = condition.get("decimals");
    Integer stated = signed != null && signed.canConvertToInt() ? signed.asInt() : null;
    if (v1 != null && v1.canConvertToInt()) {
      if (stated != null && stated != v1.asInt()) {
        throw fail(ProofStep.DECIMALS, "the proof's decimals differ from the signed condition's");
      }
      stated = v1.asInt();
    }
    if (pinned != null) {
      if (stated != null && !pinned.equals(stated)) {
        throw fail(
            ProofStep.DECIMALS,
            "the signed decimals (" + stated + ") differ from the caller's (" + pinned + ")");
      }
      return pinned;
    }
    if (stated == null) {
      throw fail(ProofStep.DECIMALS, "no decimals: neither signed nor given by the caller");
    }
    return stated;
  }

  static ProofVerdict balance(
      int index,
      JsonNode result,
      JsonNode condition,
      BigInteger value,
      int decimals,
      String subject) {
    JsonNode thresholdNode = condition.get("threshold");
    BigDecimal threshold;
    try {
      threshold =
          thresholdNode.isNumber()
              ? thresholdNode.decimalValue()
              : new BigDecimal(thresholdNode.asText());
    } catch (RuntimeException e) {
      throw fail(ProofStep.VERDICT, "the condition's threshold is not a number");
    }
    BigDecimal baseUnits = threshold.scaleByPowerOfTen(decimals);
    // a trust profile's presence fact is "gt"; attest's balances are "at least"
    boolean above = "gt".equals(condition.path("operator").asText());
    int compared = new BigDecimal(value).compareTo(baseUnits);
    boolean provenMet = above ? compared > 0 : compared >= 0;
    boolean met = result.path("met").asBoolean(false);
    if (provenMet != met) {
      throw fail(
          ProofStep.VERDICT,
          "the proven balance "
              + value
              + " is "
              + (above ? (provenMet ? "above" : "not above") : (provenMet ? "at least" : "below"))
              + " the threshold of "
              + baseUnits.stripTrailingZeros().toPlainString()
              + " base units, but the result says met "
              + met);
    }
    String message =
        "the proven balance "
            + (met ? "meets" : "is below")
            + " the threshold of "
            + baseUnits.stripTrailingZeros().toPlainString()
            + " base units";
    return verified(
        index, message, subject, Optional.of(value), Optional.empty(), Optional.empty());
  }

  static ProofVerdict code(int index, JsonNode result, JsonNode condition, byte[] codeHash) {
    boolean met = result.path("met").asBoolean(false);
    String expect = condition.path("expect").asText();
    boolean empty = Arrays.equals(codeHash, EMPTY_CODE_HASH) || Arrays.equals(codeHash, ZERO_WORD);
    Optional<String> limitation = Optional.empty();
    boolean provenMet;
    switch (expect) {
      case "none":
        provenMet = empty;
        break;
      case "eip7702":
        if (condition.hasNonNull("delegate")) {
          provenMet = Arrays.equals(codeHash, Keccak.hash(designator(condition)));
        } else if (empty) {
          provenMet = false;
        } else {
          provenMet = met;
          limitation =
              Optional.of(
                  "code is present; whether it is an EIP-7702 designator cannot be told from its"
                      + " hash without the delegate");
        }
        break;
      case "contract":
        if (empty) {
          provenMet = false;
        } else {
          provenMet = met;
          limitation =
              Optional.of(
                  "code is present; that it is not an EIP-7702 designator cannot be told from its"
                      + " hash");
        }
        break;
      default:
        throw fail(ProofStep.SHAPE, "unknown expect " + expect);
    }
    String hash = "0x" + HEX.formatHex(codeHash);
    if (provenMet != met) {
      throw fail(
          ProofStep.VERDICT,
          "the proven codeHash " + hash + " does not give expect " + expect + " met " + met);
    }
    String message =
        "the proven codeHash " + (met ? "shows" : "does not show") + " code state " + expect;
    return verified(
        index, message, "account_code", Optional.empty(), Optional.of(hash), limitation);
  }

  /** The EIP-7702 designator code of the condition's delegate. */
  private static byte[] designator(JsonNode condition) {
    String delegate = condition.get("delegate").asText();
    if (!ADDRESS.matcher(delegate).matches()) {
      throw fail(ProofStep.SHAPE, "the condition's delegate is not an address");
    }
    return concat(DESIGNATOR_PREFIX, HEX.parseHex(delegate.substring(2)));
  }

  /**
   * A proven {@code disabledDelegations} entry must hold 0 or 1; 1 must go with failReason revoked,
   * 0 with a met result or a later failReason.
   */
  static ProofVerdict revocation(int index, JsonNode result, BigInteger value) {
    if (value.compareTo(BigInteger.ONE) > 0) {
      throw fail(ProofStep.VERDICT, "the proven slot holds " + value + ", not a revocation flag");
    }
    boolean revoked = value.signum() == 1;
    boolean met = result.path("met").asBoolean(false);
    String failReason = result.path("failReason").asText("");
    if (!BEFORE_REVOCATION.contains(failReason)) {
      boolean saysRevoked = !met && failReason.equals("revoked");
      if (saysRevoked != revoked) {
        throw fail(
            ProofStep.VERDICT,
            "the proven flag says "
                + (revoked ? "revoked" : "not revoked")
                + ", but the result says met "
                + met
                + (failReason.isEmpty() ? "" : " with failReason " + failReason));
      }
    }
    String message =
        "the proven revocation flag shows the delegation " + (revoked ? "revoked" : "not revoked");
    return verified(
        index,
        message,
        "delegation_revocation",
        Optional.of(value),
        Optional.empty(),
        Optional.empty());
  }

  private static ProofVerdict verified(
      int index,
      String message,
      String subject,
      Optional<BigInteger> value,
      Optional<String> codeHash,
      Optional<String> limitation) {
    return new ProofVerdict(
        index,
        ProofVerdict.Status.VERIFIED,
        Optional.empty(),
        message,
        Optional.of(subject),
        value,
        codeHash,
        limitation);
  }
}
