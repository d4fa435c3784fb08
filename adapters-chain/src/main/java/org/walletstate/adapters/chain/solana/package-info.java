/**
 * The Solana reader: JSON-RPC over plain HTTP, every value of a query taken from one finalized
 * snapshot.
 */
package org.walletstate.adapters.chain.solana;
