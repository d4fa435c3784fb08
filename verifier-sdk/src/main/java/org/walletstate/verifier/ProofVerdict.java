package org.walletstate.verifier;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;

/**
 * What a result's Merkle proof established.
 *
 * @param index the result's position in the attestation
 * @param status the outcome
 * @param failedStep the step that failed, for {@link Status#REJECTED}
 * @param detail why, in words (the decline reason for {@link Status#DECLINED})
 * @param subject {@code erc20_balance}, {@code account_balance} or {@code account_code}, when the
 *     proof names one
 * @param provenValue the proven balance (base units) or, for code, nothing
 * @param provenCodeHash the proven codeHash of an account_code proof
 * @param limitation what the proof could not establish although it verified (an account_code
 *     verdict that depends on whether a codeHash is that of an EIP-7702 designator)
 */
public record ProofVerdict(
    int index,
    Status status,
    Optional<ProofStep> failedStep,
    String detail,
    Optional<String> subject,
    Optional<BigInteger> provenValue,
    Optional<String> provenCodeHash,
    Optional<String> limitation) {

  /** How a result's proof ended. */
  public enum Status {
    /** Every step passed: the proven state gives the signed verdict at a trusted root. */
    VERIFIED,
    /** A step failed: the proof does not support the result. */
    REJECTED,
    /** The service declined to give a proof ({@code available: false}) and said why. */
    DECLINED,
    /** The result carries no proof object (none was asked for). */
    ABSENT,
    /** The proof was not checked: no trusted state root was given for its chain and block. */
    NO_TRUSTED_ROOT
  }

  // Null checks in the same shape as StatementType.Signatures' by design: each record checks its
  // own members.
  public ProofVerdict {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(failedStep, "failedStep");
    Objects.requireNonNull(detail, "detail");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(provenValue, "provenValue");
    Objects.requireNonNull(provenCodeHash, "provenCodeHash");
    Objects.requireNonNull(limitation, "limitation");
    if ((status == Status.REJECTED) != failedStep.isPresent()) {
      throw new IllegalArgumentException("exactly a rejected proof names its failed step");
    }
  }

  public boolean verified() {
    return status == Status.VERIFIED;
  }

  /**
   * The verdict as JSON, the shape the TypeScript package reports: {@code index}, {@code status},
   * {@code failedStep}, {@code detail}, {@code subject}, {@code provenValue} (decimal text), {@code
   * provenCodeHash}, {@code limitation} (each absent one null) and {@code verified}.
   */
  public String toJson() {
    return json().toString();
  }

  ObjectNode json() {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("index", index)
        .put("status", status.name())
        .put("failedStep", failedStep.map(Enum::name).orElse(null))
        .put("detail", detail)
        .put("subject", subject.orElse(null))
        .put("provenValue", provenValue.map(BigInteger::toString).orElse(null))
        .put("provenCodeHash", provenCodeHash.orElse(null))
        .put("limitation", limitation.orElse(null))
        .put("verified", verified());
    return out;
  }

  @Override
  public String toString() {
    return "ProofVerdict["
        + index
        + " "
        + status
        + failedStep.map(s -> " at " + s).orElse("")
        + ": "
        + detail
        + "]";
  }
}
