package org.walletstate.domain.payload;

/**
 * The era of an API key. It decides how numbers in conditions are accepted and which signing key id
 * (and so which signed preimage) results carry.
 */
public enum KeyVersion {
  /** Legacy keys of migrated accounts: numbers or strings accepted; signed under attest-v1. */
  V1,
  /** Every newly created key: decimal strings only; signed under attest-v2. */
  V2
}
