package org.walletstate.domain.attest.condition;

import org.walletstate.domain.address.BitcoinAddress;

/** A condition on Bitcoin: it is about the request's {@code bitcoinWallet}. */
public interface BitcoinCondition extends Condition<BitcoinAddress> {

  @Override
  default Class<BitcoinAddress> walletType() {
    return BitcoinAddress.class;
  }
}
