package org.walletstate.verifier;

/**
 * What a key id means. A classical kid selects three things at once: the key, the preimage scheme
 * and the artifact type it may sign (each {@link StatementType} says which roles sign it, in which
 * scheme); a companion kid names the ML-DSA-65 key of one artifact type.
 */
public enum KeyRole {
  /** P-256; v1 attestations and v1 trust profiles (bare JSON preimage, no tag). */
  ATTEST_V1("attest-v1"),
  /** P-256; v2 attestations only (tagged canonical preimage). */
  ATTEST_V2("attest-v2"),
  /** P-256; v2 trust profiles only (tagged canonical preimage). */
  TRUST_V2("trust-v2"),
  /** P-256; discount verifications only (tagged canonical preimage). */
  DISCOUNT_V2("discount-v2"),
  /** P-256; in-store passes only (tagged canonical preimage). */
  PASS_V2("pass-v2"),
  /** ML-DSA-65; the attestation companion. */
  ATTEST_PQ1("attest-pq1"),
  /** ML-DSA-65; the trust-profile companion. */
  TRUST_PQ1("trust-pq1"),
  /** ML-DSA-65; the discount-verification companion. */
  DISCOUNT_PQ1("discount-pq1"),
  /** ML-DSA-65; the pass companion. */
  PASS_PQ1("pass-pq1");

  private final String suffix;

  KeyRole(String suffix) {
    this.suffix = suffix;
  }

  String suffix() {
    return suffix;
  }

  /** True for the P-256 roles. */
  public boolean classical() {
    return this == ATTEST_V1
        || this == ATTEST_V2
        || this == TRUST_V2
        || this == DISCOUNT_V2
        || this == PASS_V2;
  }

  /** True when a signature under this role may stand for an attestation. */
  public boolean signsAttestations() {
    return StatementType.ATTESTATION.scheme(this).isPresent();
  }

  /** True when a signature under this role may stand for a trust profile. */
  public boolean signsTrustProfiles() {
    return StatementType.TRUST_PROFILE.scheme(this).isPresent();
  }

  /**
   * The preimage scheme this role selects for attestations (and condition hashes): V1 unless V2.
   */
  public PreimageScheme attestationScheme() {
    return StatementType.ATTESTATION.scheme(this).orElse(PreimageScheme.V1);
  }

  /** The preimage scheme this role selects for trust profiles: V1 unless V2. */
  public PreimageScheme trustProfileScheme() {
    return StatementType.TRUST_PROFILE.scheme(this).orElse(PreimageScheme.V1);
  }
}
