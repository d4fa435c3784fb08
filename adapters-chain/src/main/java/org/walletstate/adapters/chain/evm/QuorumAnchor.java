package org.walletstate.adapters.chain.evm;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;

/**
 * Finds the block a quorum reads at: each of the k providers' head (or tagged block) in parallel;
 * the lowest of them is the anchor, provided the highest is at most {@code maxLagBlocks} above it;
 * then every provider whose head is higher is asked for the block at the anchor's number, and all k
 * must hold it with the same hash.
 */
final class QuorumAnchor {

  private final ChainId chain;
  private final QuorumEvmChainState.Chain quorum;
  private final ChainCallObserver observer;
  private final Deadline deadline;

  // Constructor in ProofReads' and QuorumReads' shape by design: each holds what its own reads
  // need.
  QuorumAnchor(
      ChainId chain,
      QuorumEvmChainState.Chain quorum,
      ChainCallObserver observer,
      Deadline deadline) {
    this.chain = chain;
    this.quorum = quorum;
    this.observer = observer;
    this.deadline = deadline;
  }

  Uni<QuorumStep<BlockHead>> agree(AnchorTag tag) {
    List<Uni<HeadOutcome>> heads = new ArrayList<>();
    quorum.read().forEach(provider -> heads.add(provider.rpc().head(tag, deadline)));
    return Uni.join()
        .all(heads)
        .andFailFast()
        .flatMap(
            outcomes -> {
              QuorumStep<List<BlockHead>> read = readAll(outcomes);
              if (read.refusal() != null) {
                return Uni.createFrom().item(QuorumStep.refused(read.refusal()));
              }
              return atLowest(read.value());
            });
  }

  /** Every provider's head, or the first that could not be read. */
  private QuorumStep<List<BlockHead>> readAll(List<HeadOutcome> outcomes) {
    List<BlockHead> heads = new ArrayList<>();
    for (int i = 0; i < outcomes.size(); i++) {
      if (outcomes.get(i) instanceof HeadOutcome.Failed failed) {
        return QuorumStep.refused(
            new ChainObservation.HeadUnavailable(name(i) + ": " + failed.detail()));
      }
      heads.add(((HeadOutcome.Read) outcomes.get(i)).head());
    }
    return QuorumStep.agreed(heads);
  }

  private Uni<QuorumStep<BlockHead>> atLowest(List<BlockHead> heads) {
    int low = 0;
    int high = 0;
    for (int i = 1; i < heads.size(); i++) {
      low = heads.get(i).number().compareTo(heads.get(low).number()) < 0 ? i : low;
      high = heads.get(i).number().compareTo(heads.get(high).number()) > 0 ? i : high;
    }
    BlockHead anchor = heads.get(low);
    BigInteger lag = heads.get(high).number().subtract(anchor.number());
    if (lag.compareTo(BigInteger.valueOf(quorum.maxLagBlocks())) > 0) {
      return Uni.createFrom()
          .item(
              disagreement(
                  List.of(low, high),
                  name(low)
                      + " lags "
                      + lag
                      + " blocks behind "
                      + name(high)
                      + " (at most "
                      + quorum.maxLagBlocks()
                      + " allowed): it cannot serve the anchor"));
    }
    List<Uni<HeadOutcome>> atAnchor = new ArrayList<>();
    for (int i = 0; i < heads.size(); i++) {
      BlockHead head = heads.get(i);
      atAnchor.add(
          head.number().equals(anchor.number())
              ? Uni.createFrom().item(new HeadOutcome.Read(head))
              : quorum.read().get(i).rpc().block(anchor.number(), deadline));
    }
    int lowest = low;
    return Uni.join().all(atAnchor).andFailFast().map(blocks -> sameHash(anchor, lowest, blocks));
  }

  private QuorumStep<BlockHead> sameHash(BlockHead anchor, int low, List<HeadOutcome> blocks) {
    QuorumStep<List<BlockHead>> read = readAll(blocks);
    if (read.refusal() != null) {
      return QuorumStep.refused(read.refusal());
    }
    for (int i = 0; i < read.value().size(); i++) {
      if (!read.value().get(i).hash().equals(anchor.hash())) {
        return disagreement(
            List.of(low, i),
            name(low)
                + " and "
                + name(i)
                + " hold different blocks at number "
                + anchor.number()
                + " ("
                + anchor.hash()
                + " and "
                + read.value().get(i).hash()
                + ")");
      }
    }
    return QuorumStep.agreed(anchor);
  }

  private <T> QuorumStep<T> disagreement(List<Integer> providers, String detail) {
    providers.stream().distinct().forEach(i -> observer.disagreed(chain, name(i)));
    return QuorumStep.refused(
        ChainObservation.HeadUnavailable.disagreement(
            "chain " + chain + ": providers disagree: " + detail));
  }

  private String name(int provider) {
    return quorum.read().get(provider).name();
  }
}
