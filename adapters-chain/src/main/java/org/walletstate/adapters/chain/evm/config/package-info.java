/**
 * Configuration of EVM reads: one {@link org.walletstate.adapters.chain.evm.config.EvmChainConfig}
 * per chain, defaults from {@link org.walletstate.adapters.chain.evm.config.PublicEvmEndpoints},
 * overridden by the composition root's configuration.
 */
package org.walletstate.adapters.chain.evm.config;
