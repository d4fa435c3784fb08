package org.walletstate.domain.condition;

import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.read.EvmRead;
import org.walletstate.domain.read.ReadOutcomes;

/**
 * One validated condition of an attest request. A condition that exists satisfies every rule the
 * request alone can check; what only the chain can show (the token's decimals) is checked in {@link
 * #evaluate}.
 *
 * <p>Evaluation is two-step: the reads are planned from {@link #reads} (and, for conditions whose
 * reads depend on earlier answers, {@link #followUpReads}), executed at one pinned block, and the
 * outcomes handed to {@link #evaluate}.
 */
public sealed interface Condition
    permits TokenBalance,
        NftOwnership,
        EvmViewCall,
        RatioToAmount,
        RatioToSupply,
        AccountCode,
        EasAttestation,
        FarcasterId {

  ConditionType type();

  /** The chain that is read; its anchor is the result's anchor. */
  Chain chain();

  /** The reads needed before anything is known, for {@code wallet}. */
  Set<EvmRead<?>> reads(EvmAddress wallet);

  /**
   * Reads that depend on the answers to {@link #reads}, asked at the same block. Empty for every
   * type but {@code eas_attestation}, whose attestation is fetched by the UID its lookup names.
   *
   * @param firstRound outcomes that include every read of {@link #reads}
   */
  default Set<EvmRead<?>> followUpReads(EvmAddress wallet, ReadOutcomes firstRound) {
    return Set.of();
  }

  /**
   * The verdict from the outcomes of every read this condition asked for.
   *
   * @throws IllegalArgumentException when an outcome of a planned read is missing
   */
  ConditionVerdict evaluate(EvaluationContext context);
}
