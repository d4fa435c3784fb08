package org.walletstate.domain.attest.condition;

import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.proof.ProofRequirement;

/** A condition on Solana: it is about the request's {@code solanaWallet}. */
public interface SolanaCondition extends Condition<SolanaAddress> {

  @Override
  default Class<SolanaAddress> walletType() {
    return SolanaAddress.class;
  }

  /** Solana has no state proofs this service can deliver: the chain's reason declines them. */
  static ProofRequirement noProof(Chain chain) {
    return new ProofRequirement.Declined(chain.proofs().declineReason());
  }
}
