package org.walletstate.domain.attest.condition;

import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.holding.family.HoldingFamilies;

/**
 * A condition on a chain of any family that reads holdings: it is about the request's wallet of
 * that chain's family, as the holdings registry names it.
 */
public interface HoldingCondition extends Condition<WalletAddress> {

  @Override
  @SuppressWarnings("unchecked")
  default Class<WalletAddress> walletType() {
    return (Class<WalletAddress>) HoldingFamilies.on(chain()).walletType();
  }
}
