package org.walletstate.domain.attest;

/** Whether the caller asked for EIP-1186 Merkle proofs ({@code proof: "merkle"}). */
public enum ProofMode {
  NONE,
  MERKLE
}
