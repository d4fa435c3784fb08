package org.walletstate.adapters.chain.evm;

import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.proof.ProofTarget;

/** The argument checks of {@link EvmChainState#observe}, one copy for every implementation. */
final class ObserveArguments {

  private ObserveArguments() {}

  // Null checks written as ReaderSettings' are, by design: other values, another port.
  static void require(
      ChainId chain,
      Set<EvmRead<?>> reads,
      Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
      Set<ProofTarget> proofs,
      AnchorTag anchor) {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(anchor, "anchor");
    Objects.requireNonNull(reads, "reads");
    Objects.requireNonNull(followUps, "followUps");
    Objects.requireNonNull(proofs, "proofs");
  }
}
