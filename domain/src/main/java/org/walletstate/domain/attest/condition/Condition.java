package org.walletstate.domain.attest.condition;

import java.util.Set;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.proof.ProofRequirement;

/**
 * One validated condition of an attest request, about a wallet of its chain's family. A condition
 * that exists satisfies every rule the request alone can check; what only the chain can show (the
 * token's decimals) is checked in {@link #evaluate}.
 *
 * <p>Evaluation is two-step: the reads are planned from {@link #reads} (and, for conditions whose
 * reads depend on earlier answers, {@link #followUpReads}), run at one anchor of the chain, and the
 * answers handed to {@link #evaluate}.
 *
 * <p>Each type is one file: the condition, and its {@link ConditionType} with the parser. A type is
 * evaluated once its descriptor is in {@link ConditionTypes#EVALUATED}.
 *
 * @param <W> the wallet type of the chain's family
 */
public interface Condition<W extends WalletAddress> {

  /** The type's descriptor. */
  ConditionType type();

  /** The chain that is read; its anchor is the result's anchor. */
  Chain chain();

  /** The wallets this condition can be about: those of its chain's family. */
  Class<W> walletType();

  /** The reads needed before anything is known, for {@code wallet}. */
  Set<? extends ChainRead<?>> reads(W wallet);

  /**
   * Reads that depend on the answers to {@link #reads}, asked at the same anchor. Empty for every
   * type but {@code eas_attestation}, whose attestation is fetched by the UID its lookup names.
   *
   * @param firstRound readings that include every read of {@link #reads}
   */
  default Set<? extends ChainRead<?>> followUpReads(W wallet, Readings firstRound) {
    return Set.of();
  }

  /**
   * The verdict from the readings of every read this condition asked for.
   *
   * @throws IllegalArgumentException when a reading of a planned read is missing
   */
  ConditionVerdict evaluate(EvaluationContext<W> context);

  /**
   * What this condition's result about {@code wallet} can be proven by, on a chain with Merkle
   * proofs; on other chains the chain's own reason declines every proof.
   */
  ProofRequirement proof(W wallet);
}
