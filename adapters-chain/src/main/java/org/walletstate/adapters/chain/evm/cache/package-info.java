/**
 * Reads at a fixed block are immutable, so they are cached by (chain, block, request). The head is
 * never cached.
 */
package org.walletstate.adapters.chain.evm.cache;
