package org.walletstate.domain.chain;

/**
 * One fact a condition needs from a chain, read at the chain's anchor. Each family defines its own
 * reads (EVM's are calls at a pinned block); the family's adapter knows how to run them, and
 * everything above the adapter handles them only through this type.
 *
 * @param <T> the type of the value read
 */
public interface ChainRead<T> {

  /** The family whose adapter runs this read. */
  ChainFamily family();
}
