package org.walletstate.domain.chain;

import org.walletstate.domain.WireName;

/**
 * The kind of read that did not complete, as {@code failedConditions[].source} of an {@code
 * rpc_failure} names it.
 */
public enum FailureSource implements WireName {
  BALANCE_READ,
  TOKEN_METADATA_READ,
  SUPPLY_READ,
  ATTESTATION_READ,
  IDENTITY_READ,
  AGENT_REGISTRY_READ,
  SIGNATURE_CHECK,
  DELEGATION_READ,
  VIEW_CALL,
  CHAIN_HEAD_READ,
  /** The catch-all, for reads no other source describes (account code). */
  CHAIN_READ;
}
