/**
 * The web3j side of EVM reads: {@link org.walletstate.adapters.chain.evm.web3j.Web3jEvmRpc} (one
 * endpoint, one attempt, JSON-RPC batches) and {@link
 * org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState}, which assembles the decorated stack
 * from configuration. web3j and OkHttp types are used here and nowhere else.
 */
package org.walletstate.adapters.chain.evm.web3j;
