package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/**
 * The state of chains, read anchored: one chain at one anchor (a block, slot, ledger or
 * checkpoint), every read of the query pinned there. Each chain family has its own adapter; {@link
 * ChainStateByFamily} sends each chain to its family's.
 *
 * <p>The returned {@link Uni} never fails for a chain problem: an unreadable head is {@link
 * ChainObservation.HeadUnavailable}, an unreadable value is a failed reading. Callers turn those
 * into {@code rpc_failure}; they are never verdicts. A proof that cannot be had is a declined or
 * failed proof outcome, never a failed observation.
 */
public interface ChainState {

  /**
   * Anchors {@code chain} at its current head and runs {@code query} there: its first round, then
   * its follow-ups (computed from the first round's readings), then its proofs.
   *
   * @param chain a chain of the catalogue, of a family this adapter reads
   * @throws IllegalArgumentException when a read of the query is of another family
   */
  Uni<ChainObservation> observe(ChainId chain, ChainQuery query);
}
