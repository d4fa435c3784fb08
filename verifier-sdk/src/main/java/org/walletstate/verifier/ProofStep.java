package org.walletstate.verifier;

/** The steps of checking a result's Merkle proof, in the order they run. */
public enum ProofStep {
  /** The proof object is complete and well-formed. */
  SHAPE,
  /** The proof is of the block the result was read at. */
  BLOCK,
  /** A trusted state root is known for the result's chain and block. */
  STATE_ROOT,
  /** The account proof walks from the state root to the account (or to its absence). */
  ACCOUNT_PROOF,
  /** The proven account fields are the ones the proof claims. */
  ACCOUNT_FIELDS,
  /** The proof is about the result's condition: its token, the pinned wallet, the holder's slot. */
  BINDING,
  /** The storage proof walks from the proven storage root to the slot (or to its absence). */
  STORAGE_PROOF,
  /** The token decimals that relate the threshold to base units. */
  DECIMALS,
  /** The proven value gives the signed verdict. */
  VERDICT
}
