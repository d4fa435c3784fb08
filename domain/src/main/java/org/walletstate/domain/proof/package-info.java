/**
 * EIP-1186 Merkle proofs of attest results: which fact of a condition can be proven ({@link
 * org.walletstate.domain.proof.ProofTarget}) or why none is ({@link
 * org.walletstate.domain.proof.ProofRequirement}), where an ERC-20 keeps a holder's balance ({@link
 * org.walletstate.domain.proof.BalanceLayout}, {@link
 * org.walletstate.domain.proof.BalanceSlotSearch}) and the proof object signed inside a result
 * ({@link org.walletstate.domain.proof.MerkleProof}). The proofs themselves are fetched by a chain
 * adapter at the block the verdict was read at.
 */
package org.walletstate.domain.proof;
