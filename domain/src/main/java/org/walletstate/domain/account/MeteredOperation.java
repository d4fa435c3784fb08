package org.walletstate.domain.account;

/**
 * The operations that consume credits, and how a quote describes each. Where each is served is the
 * HTTP adapter's (its x402 quotes name the path).
 */
public enum MeteredOperation {
  ATTEST("Signed wallet-state attestation"),
  TRUST("Signed wallet trust profile"),
  TRUST_BATCH("Signed wallet trust profiles, one per wallet");

  // Fields written out by design: each class holds only what it is given.
  private final String description;

  MeteredOperation(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }
}
