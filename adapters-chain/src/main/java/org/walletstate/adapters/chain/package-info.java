/**
 * Chain ports implemented against real nodes. {@link org.walletstate.adapters.chain.evm} reads EVM
 * chains over JSON-RPC; web3j and HTTP client types stay inside this package tree and never cross a
 * port.
 */
package org.walletstate.adapters.chain;
