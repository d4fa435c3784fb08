package org.walletstate.domain.trust;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.read.Aggregate3;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.PayloadValue;

/**
 * What a plan observed, with every chain's {@code aggregate3} answer decoded once: the profile of
 * each wallet (of a batch, all of them) reads its rows from the same decoded results instead of
 * decoding the chain's whole answer again for every row; likewise each chain's anchor members are
 * laid out once, not once per row. Immutable once built, so the wallets of a batch may be evaluated
 * on several threads at once.
 */
public final class TrustObservations {

  private final Map<ChainId, ChainObservation> observed;
  private final Map<ChainId, Reading<List<Aggregate3.Result>>> aggregates;
  private final Map<Anchor, PayloadValue.Obj> anchorFields;

  private TrustObservations(
      Map<ChainId, ChainObservation> observed,
      Map<ChainId, Reading<List<Aggregate3.Result>>> aggregates,
      Map<Anchor, PayloadValue.Obj> anchorFields) {
    this.observed = observed;
    this.aggregates = aggregates;
    this.anchorFields = anchorFields;
  }

  /** Decodes, once, the aggregate of every EVM chain of {@code plan} that was observed. */
  public static TrustObservations of(TrustReadPlan plan, Map<ChainId, ChainObservation> observed) {
    Objects.requireNonNull(plan, "plan");
    Map<ChainId, ChainObservation> copy = Map.copyOf(observed);
    Map<ChainId, Reading<List<Aggregate3.Result>>> decoded = new HashMap<>();
    Map<Anchor, PayloadValue.Obj> fields = new HashMap<>();
    copy.forEach(
        (chain, observation) -> {
          if (observation instanceof ChainObservation.Observed seen) {
            plan.aggregate(chain)
                .ifPresent(aggregate -> decoded.put(chain, seen.readings().reading(aggregate)));
            fields.computeIfAbsent(seen.anchor(), Anchor::fields);
          }
        });
    return new TrustObservations(copy, Map.copyOf(decoded), Map.copyOf(fields));
  }

  /** {@code anchor}'s members ({@link Anchor#fields()}), laid out once per observed anchor. */
  PayloadValue.Obj fields(Anchor anchor) {
    PayloadValue.Obj fields = anchorFields.get(anchor);
    return fields != null ? fields : anchor.fields();
  }

  /** The observation of {@code chain}, or null when the plan did not observe it. */
  ChainObservation observation(ChainId chain) {
    return observed.get(chain);
  }

  /** The decoded aggregate of {@code chain}, or null when the plan had none there. */
  Reading<List<Aggregate3.Result>> aggregate(ChainId chain) {
    return aggregates.get(chain);
  }

  /** Every chain's observation, as observed. */
  public Map<ChainId, ChainObservation> observed() {
    return observed;
  }
}
