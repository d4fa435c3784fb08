package org.walletstate.domain.attest.condition;

import org.walletstate.domain.address.EvmAddress;

/** A condition on an EVM chain: it is about the request's EVM wallet. */
public interface EvmCondition extends Condition<EvmAddress> {

  @Override
  default Class<EvmAddress> walletType() {
    return EvmAddress.class;
  }
}
