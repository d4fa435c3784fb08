package org.walletstate.domain.chain;

/** The kind of ledger a chain is, which decides how its state is read and anchored. */
public enum ChainFamily {
  EVM,
  SOLANA,
  XRPL,
  BITCOIN,
  TRON,
  STELLAR,
  SUI
}
