package org.walletstate.domain.attest.condition;

import org.walletstate.domain.address.TronAddress;

/** A condition on Tron: it is about the request's {@code tronWallet}. */
public interface TronCondition extends Condition<TronAddress> {

  @Override
  default Class<TronAddress> walletType() {
    return TronAddress.class;
  }
}
