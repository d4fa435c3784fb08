/**
 * Test support for chain code: a local devnet of anvil chains (1, 8453, 10) with the service's
 * contracts at their production addresses and test wallets in known states.
 *
 * <p>{@link org.walletstate.devnet.Devnet} starts and stops it and gives RPC URLs, the typed {@link
 * org.walletstate.devnet.DevnetManifest} and snapshots; {@link
 * org.walletstate.devnet.DevnetExtension} shares one devnet across all test classes of a JVM;
 * {@link org.walletstate.devnet.JsonRpc} is a plain JSON-RPC client; {@link
 * org.walletstate.devnet.NodeProofChecker} checks EIP-1186 proofs independently of the service.
 */
package org.walletstate.devnet;
