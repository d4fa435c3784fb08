package org.walletstate.adapters.chain.evm;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;

/**
 * How an {@link EvmChainState} starts an observation: the chain's configuration, then its deadline
 * counted from subscription. A chain without a configuration is {@link
 * ChainObservation.HeadUnavailable}, in the reader's own words, without reading anything.
 *
 * @param <C> how one chain is read
 */
final class ConfiguredChains<C> {

  private final Map<ChainId, C> chains;
  private final Clock clock;
  private final Function<C, Duration> deadline;
  private final String unconfigured;

  /**
   * @param deadline the most one observation of a chain may take
   * @param unconfigured the refusal of a chain without a configuration, followed by the chain
   */
  ConfiguredChains(
      Map<ChainId, C> chains, Clock clock, Function<C, Duration> deadline, String unconfigured) {
    this.chains = Map.copyOf(chains);
    this.clock = Objects.requireNonNull(clock, "clock");
    this.deadline = Objects.requireNonNull(deadline, "deadline");
    this.unconfigured = Objects.requireNonNull(unconfigured, "unconfigured");
  }

  /** {@code read} of {@code chain}'s configuration within its deadline, from subscription. */
  Uni<ChainObservation> observe(
      ChainId chain, BiFunction<C, Deadline, Uni<ChainObservation>> read) {
    C configured = chains.get(chain);
    if (configured == null) {
      return Uni.createFrom().item(new ChainObservation.HeadUnavailable(unconfigured + chain));
    }
    return Uni.createFrom()
        .deferred(() -> read.apply(configured, Deadline.after(clock, deadline.apply(configured))));
  }
}
