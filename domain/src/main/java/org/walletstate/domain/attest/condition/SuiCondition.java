package org.walletstate.domain.attest.condition;

import org.walletstate.domain.address.SuiAddress;

/** A condition on Sui: it is about the request's {@code suiWallet}. */
public interface SuiCondition extends Condition<SuiAddress> {

  @Override
  default Class<SuiAddress> walletType() {
    return SuiAddress.class;
  }
}
