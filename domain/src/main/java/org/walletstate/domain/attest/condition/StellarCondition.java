package org.walletstate.domain.attest.condition;

import org.walletstate.domain.address.StellarAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.proof.ProofRequirement;

/** A condition on Stellar: it is about the request's {@code stellarWallet}. */
public interface StellarCondition extends Condition<StellarAddress> {

  @Override
  default Class<StellarAddress> walletType() {
    return StellarAddress.class;
  }

  /** Stellar has no state proofs this service can deliver: the chain's reason declines. */
  static ProofRequirement noProof(Chain chain) {
    return new ProofRequirement.Declined(chain.proofs().declineReason());
  }
}
