package org.walletstate.domain.address;

import org.walletstate.domain.chain.ChainFamily;

/**
 * A wallet of one chain family, validated on construction: an address that exists is well formed
 * for its family (checksum included, where the family has one).
 */
public interface WalletAddress {

  /** The family whose chains this wallet is read on. */
  ChainFamily family();

  /** The canonical text form, as it is signed and echoed. */
  String text();
}
