package org.walletstate.domain.account;

/** Where a bought key's access pass stands after the purchase. */
public enum AccessPassState {
  /** Minted: the wallet holds the pass. */
  MINTED,
  /** The mint failed or is slow; it is retried, and the key was returned. */
  PENDING,
  /** Non-EVM purchase: no pass. */
  NONE
}
