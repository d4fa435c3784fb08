package org.walletstate.verifier;

/** The checks a verification runs, in the order a rejection reports the first failure. */
public enum Check {
  /** The input is not a response of the expected shape. */
  STRUCTURE("structure"),
  /** The classical P-256 signature under the kid's key and scheme. */
  SIGNATURE("signature"),
  /** Every result's conditionHash matches its evaluatedCondition. */
  CONDITION_HASHES("conditionHashes"),
  /** Anchors are no older than the caller's maximum age (when one is set). */
  FRESHNESS("freshness"),
  /** The artifact is within its validity window (bound to the signed issuance time). */
  EXPIRY("expiry"),
  /** The ML-DSA-65 companion, under the verifier's policy. */
  PQ("pq"),
  /** The tokens carried beside a raw attestation. */
  JWT("jwt");

  private final String wireName;

  Check(String wireName) {
    this.wireName = wireName;
  }

  /** The name the conformance vectors use for this check. */
  public String wireName() {
    return wireName;
  }
}
