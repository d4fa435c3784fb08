package org.walletstate.domain.attest.condition;

import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.proof.ProofRequirement;

/** A condition on the XRP Ledger: it is about the request's {@code xrplWallet}. */
public interface XrplCondition extends Condition<XrplAddress> {

  @Override
  default Class<XrplAddress> walletType() {
    return XrplAddress.class;
  }

  /** The XRP Ledger has no state proofs this service can deliver: the chain's reason declines. */
  static ProofRequirement noProof(Chain chain) {
    return new ProofRequirement.Declined(chain.proofs().declineReason());
  }
}
