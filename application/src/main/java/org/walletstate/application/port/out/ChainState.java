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

  /** The detail of a reader that cannot read a chain at a past block. */
  String NO_PAST_BLOCKS = "this reader does not read chains at past blocks";

  /**
   * Runs {@code query} on {@code chain} anchored at its block {@code block} (a block at or below a
   * head read before), as {@link #observe} runs it at the head: every read and proof pinned to that
   * block, the anchor that block's number and timestamp. Only a single-provider query anchored at
   * {@code latest} is read this way; a reader that cannot (another family, a quorum, a tag other
   * than {@code latest}) answers {@link ChainObservation.HeadUnavailable} with {@link
   * #NO_PAST_BLOCKS}, as a chain whose block could not be read is answered. Never a verdict.
   *
   * @param block a block number of {@code chain}, not negative
   */
  default Uni<ChainObservation> observeAt(ChainId chain, long block, ChainQuery query) {
    return Uni.createFrom().item(new ChainObservation.HeadUnavailable(NO_PAST_BLOCKS));
  }
}
