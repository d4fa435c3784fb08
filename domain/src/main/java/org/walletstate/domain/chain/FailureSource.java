package org.walletstate.domain.chain;

/**
 * The kind of read that did not complete, as {@code failedConditions[].source} of an {@code
 * rpc_failure} names it.
 */
public enum FailureSource {
  BALANCE_READ("balance_read"),
  TOKEN_METADATA_READ("token_metadata_read"),
  SUPPLY_READ("supply_read"),
  ATTESTATION_READ("attestation_read"),
  IDENTITY_READ("identity_read"),
  AGENT_REGISTRY_READ("agent_registry_read"),
  SIGNATURE_CHECK("signature_check"),
  DELEGATION_READ("delegation_read"),
  VIEW_CALL("view_call"),
  CHAIN_HEAD_READ("chain_head_read"),
  /** The catch-all, for reads no other source describes (account code). */
  CHAIN_READ("chain_read");

  private final String wireName;

  FailureSource(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }
}
