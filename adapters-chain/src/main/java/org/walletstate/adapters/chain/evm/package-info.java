/**
 * Anchored EVM reads: {@link org.walletstate.adapters.chain.evm.AnchoredEvmChainState} implements
 * the {@code EvmChainState} port on an {@link org.walletstate.adapters.chain.evm.EvmRpc} per chain,
 * a stack of decorators (caching, retries with failover) around one web3j client per endpoint.
 * {@link org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState} assembles that stack from
 * configuration; {@code docs/chain-reads.md} describes the policy.
 */
package org.walletstate.adapters.chain.evm;
