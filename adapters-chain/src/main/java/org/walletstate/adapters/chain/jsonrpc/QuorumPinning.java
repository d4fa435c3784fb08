package org.walletstate.adapters.chain.jsonrpc;

/**
 * How a quorum of a non-EVM family's providers is anchored, as far as the family's public API
 * allows ({@link QuorumSnapshotChainState}).
 */
public enum QuorumPinning {
  /** The family has no quorum reads: a request asking for one is refused before any read. */
  NONE,
  /**
   * Every read can name a past anchor (XRPL's {@code ledger_index}): the k providers agree on one
   * anchor by position and hash, then every read is made at that anchor on each of them.
   */
  PINNED,
  /**
   * Reads serve current state only (Solana: {@code minContextSlot} is a floor, not a pin): each
   * provider takes its own snapshot at the same time; the values must be identical, the anchors at
   * most the chain's lag apart, and anchors at the same position identical (same hash).
   */
  CURRENT
}
