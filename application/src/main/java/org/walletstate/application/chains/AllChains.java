package org.walletstate.application.chains;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/** Observes several chains at once, each anchored at its own head. */
public final class AllChains {

  private AllChains() {}

  /**
   * Runs each chain's query on {@code chains}, all in parallel.
   *
   * @param ids the chains, in the order the answer keeps
   * @param queries what to read on each
   */
  public static Uni<Map<ChainId, ChainObservation>> observe(
      ChainState chains, Collection<ChainId> ids, Function<ChainId, ChainQuery> queries) {
    List<ChainId> order = List.copyOf(ids);
    List<Uni<ChainObservation>> reads = new ArrayList<>(order.size());
    for (ChainId chain : order) {
      reads.add(chains.observe(chain, queries.apply(chain)));
    }
    return Uni.join()
        .all(reads)
        .andFailFast()
        .map(
            observed -> {
              Map<ChainId, ChainObservation> byChain = new LinkedHashMap<>();
              for (int i = 0; i < order.size(); i++) {
                byChain.put(order.get(i), observed.get(i));
              }
              return byChain;
            });
  }
}
