package org.walletstate.adapters.chain.evm;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ReadAssurance;
import org.walletstate.domain.proof.ProofTarget;

/**
 * The {@link EvmChainState} port read from a quorum of k independent providers per chain: an anchor
 * block all k hold with the same hash ({@link QuorumAnchor}), then every read at that block on each
 * of the k in parallel, compared ({@link QuorumReads}). Any disagreement, a provider lagging more
 * than the chain allows included, is {@link ChainObservation.HeadUnavailable#disagreement}: the
 * request is an {@code rpc_failure} and nothing is signed. An observation that agrees carries
 * {@code readAssurance} quorum k of n.
 */
public final class QuorumEvmChainState implements EvmChainState {

  /**
   * One provider of a quorum.
   *
   * @param name its configured name, for logs and meters (never a URL)
   * @param rpc its endpoints with retries and failover, without a cache shared with other providers
   */
  public record Provider(String name, EvmRpc rpc) {
    public Provider {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(rpc, "rpc");
    }
  }

  /**
   * How one chain is read with a quorum.
   *
   * @param read the k providers read, in order (at least 2)
   * @param of n: the independent providers configured for the chain
   * @param maxLagBlocks the most blocks the k heads may be apart
   * @param deadline the most one observation of the chain may take
   * @param signsNames whether the observation's {@code readAssurance} names the k providers read
   */
  public record Chain(
      List<Provider> read, int of, int maxLagBlocks, Duration deadline, boolean signsNames) {
    public Chain {
      read = List.copyOf(read);
      if (read.size() < 2 || of < read.size()) {
        throw new IllegalArgumentException(
            "a quorum reads 2 ≤ k ≤ n providers, got " + read.size() + " of " + of);
      }
      Objects.requireNonNull(deadline, "deadline");
    }

    /** A chain whose observations name no provider. */
    public Chain(List<Provider> read, int of, int maxLagBlocks, Duration deadline) {
      this(read, of, maxLagBlocks, deadline, false);
    }

    /** What an observation that agreed signs: quorum k of n, with the k names when signed. */
    ReadAssurance assurance() {
      List<String> names =
          signsNames ? read.stream().map(Provider::name).toList() : List.<String>of();
      return new ReadAssurance(Assurance.QUORUM, read.size(), of, names);
    }
  }

  private final ConfiguredChains<Chain> chains;
  private final BalanceSlotCache slots;
  private final ChainCallObserver observer;

  /**
   * @param chains the chains with enough independent providers; others are refused
   * @param observer told of each provider taking part in a disagreement
   */
  public QuorumEvmChainState(
      Map<ChainId, Chain> chains, Clock clock, BalanceSlotCache slots, ChainCallObserver observer) {
    this.chains =
        new ConfiguredChains<>(
            chains,
            clock,
            Chain::deadline,
            "fewer than 2 independent providers are configured for ");
    this.slots = Objects.requireNonNull(slots, "slots");
    this.observer = Objects.requireNonNull(observer, "observer");
  }

  // The port's signature and argument checks, as in AnchoredEvmChainState, by design: the chain
  // lookup and deadline are ConfiguredChains', the reads this reader's own.
  @Override
  public Uni<ChainObservation> observe(
      ChainId chain,
      Set<EvmRead<?>> reads,
      Function<ReadOutcomes, Set<EvmRead<?>>> followUps,
      Set<ProofTarget> proofs,
      AnchorTag anchor) {
    ObserveArguments.require(chain, reads, followUps, proofs, anchor);
    return chains.observe(
        chain,
        (configured, deadline) ->
            new QuorumAnchor(chain, configured, observer, deadline)
                .agree(anchor)
                .flatMap(
                    agreed -> {
                      if (agreed.refusal() != null) {
                        return Uni.createFrom().item(agreed.refusal());
                      }
                      return new QuorumReads(
                              chain, configured, agreed.value(), deadline, slots, observer)
                          .run(reads, followUps, proofs, anchor);
                    }));
  }
}
