package org.walletstate.domain.trust;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.holding.HoldingBatch;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.PayloadValue;

/**
 * What a plan observed, with every chain's holdings decoded once (an EVM chain's {@code aggregate3}
 * answer): the profile of each wallet (of a batch, all of them) reads its rows from the same
 * decoded results instead of decoding the chain's whole answer again for every row; likewise each
 * chain's anchor members are laid out once, not once per row. Immutable once built, so the wallets
 * of a batch may be evaluated on several threads at once.
 */
public final class TrustObservations {

  private final Map<ChainId, ChainObservation> observed;
  private final Map<ChainId, HoldingBatch.Answers> holdings;
  private final Map<Anchor, PayloadValue.Obj> anchorFields;
  private final Map<ChainId, PayloadValue.Obj> assurances;

  private TrustObservations(
      Map<ChainId, ChainObservation> observed,
      Map<ChainId, HoldingBatch.Answers> holdings,
      Map<Anchor, PayloadValue.Obj> anchorFields,
      Map<ChainId, PayloadValue.Obj> assurances) {
    this.observed = observed;
    this.holdings = holdings;
    this.anchorFields = anchorFields;
    this.assurances = assurances;
  }

  /**
   * Decodes, once, the holdings of every chain of {@code plan} that was observed (an EVM chain's
   * whole {@code aggregate3} answer).
   */
  public static TrustObservations of(TrustReadPlan plan, Map<ChainId, ChainObservation> observed) {
    Objects.requireNonNull(plan, "plan");
    Map<ChainId, ChainObservation> copy = Map.copyOf(observed);
    Map<ChainId, HoldingBatch.Answers> decoded = new HashMap<>();
    Map<Anchor, PayloadValue.Obj> fields = new HashMap<>();
    Map<ChainId, PayloadValue.Obj> assurances = new HashMap<>();
    copy.forEach(
        (chain, observation) -> {
          if (observation instanceof ChainObservation.Observed seen) {
            plan.batch(chain)
                .ifPresent(batch -> decoded.put(chain, batch.answers(seen.readings())));
            fields.computeIfAbsent(seen.anchor(), Anchor::fields);
            if (plan.signsAssurance()) {
              assurances.put(chain, seen.assurance().toPayload());
            }
          }
        });
    return new TrustObservations(
        copy, Map.copyOf(decoded), Map.copyOf(fields), Map.copyOf(assurances));
  }

  /**
   * The {@code readAssurance} a row read from {@code chain} signs last: only when the request sent
   * {@code assurance}, so a request without it signs byte for byte as before.
   */
  Optional<PayloadValue.Obj> assurance(ChainId chain) {
    return Optional.ofNullable(assurances.get(chain));
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

  /** The decoded holdings of {@code chain}, or null when the plan read none there. */
  HoldingBatch.Answers holdings(ChainId chain) {
    return holdings.get(chain);
  }

  /** Every chain's observation, as observed. */
  public Map<ChainId, ChainObservation> observed() {
    return observed;
  }
}
