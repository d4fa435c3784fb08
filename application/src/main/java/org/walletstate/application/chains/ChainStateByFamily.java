package org.walletstate.application.chains;

import io.smallrye.mutiny.Uni;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/**
 * The {@link ChainState} of every family: each chain is observed by its family's adapter. A family
 * is added with one entry; a chain of a family without one has no readable head.
 */
public final class ChainStateByFamily implements ChainState, AutoCloseable {

  private final Map<ChainFamily, ChainState> families;

  /**
   * @param families one adapter per family read
   */
  public ChainStateByFamily(Map<ChainFamily, ? extends ChainState> families) {
    Map<ChainFamily, ChainState> copy = new EnumMap<>(ChainFamily.class);
    copy.putAll(families);
    this.families = Collections.unmodifiableMap(copy);
  }

  @Override
  public Uni<ChainObservation> observe(ChainId chain, ChainQuery query) {
    return sent(chain, state -> state.observe(chain, query));
  }

  /** Sent to the chain's family's adapter, as {@link #observe}. */
  @Override
  public Uni<ChainObservation> observeAt(ChainId chain, long block, ChainQuery query) {
    return sent(chain, state -> state.observeAt(chain, block, query));
  }

  /** {@code read} by the adapter of {@code chain}'s family; a family without one has no head. */
  private Uni<ChainObservation> sent(
      ChainId chain, java.util.function.Function<ChainState, Uni<ChainObservation>> read) {
    ChainFamily family = ChainCatalogue.require(chain).family();
    ChainState state = families.get(family);
    if (state == null) {
      return Uni.createFrom()
          .item(new ChainObservation.HeadUnavailable("no reader for " + family + " chains"));
    }
    return read.apply(state);
  }

  /** Closes the readers that hold threads or connections. */
  @Override
  public void close() {
    for (ChainState state : families.values()) {
      if (state instanceof AutoCloseable reader) {
        try {
          reader.close();
        } catch (Exception e) {
          throw new IllegalStateException("a chain reader did not close", e);
        }
      }
    }
  }
}
