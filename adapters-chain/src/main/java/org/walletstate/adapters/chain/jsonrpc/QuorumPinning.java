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
  CURRENT,
  /**
   * Reads serve current state only, but a snapshot states its anchor before its reads and checks it
   * after them (Bitcoin's tip, Tron's solidified head): the k providers' anchors are compared
   * before any read (at most the chain's lag apart, identical where at the same position), then
   * each provider reads from its own anchor; the values must be identical and the anchors are
   * compared again, as for {@link #CURRENT}.
   */
  BRACKETED
}
