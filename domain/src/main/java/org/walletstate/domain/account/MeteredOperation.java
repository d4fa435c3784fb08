package org.walletstate.domain.account;

/** The operations that consume credits, and their wire paths. */
public enum MeteredOperation {
  ATTEST("/v1/attest", "Signed wallet-state attestation"),
  TRUST("/v1/trust", "Signed wallet trust profile"),
  TRUST_BATCH("/v1/trust/batch", "Signed wallet trust profiles, one per wallet");

  private final String path;
  private final String description;

  MeteredOperation(String path, String description) {
    this.path = path;
    this.description = description;
  }

  public String path() {
    return path;
  }

  public String description() {
    return description;
  }
}
