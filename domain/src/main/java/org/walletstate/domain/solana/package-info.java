/**
 * Solana reads as values ({@link org.walletstate.domain.solana.SolanaRead}): what a condition on
 * Solana needs from the chain. The Solana adapter answers them at one finalized slot.
 */
package org.walletstate.domain.solana;
