package org.walletstate.application.attest.watch.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.KeyVersion;

/** The evaluation side of the watches: which are due, and what each evaluation found. */
public interface WatchEvaluations {

  /**
   * A watch to evaluate.
   *
   * @param changes how many changes were delivered so far (the next one is {@code changes + 1})
   * @param createdAt when the watch was created: its charge periods count from here
   * @param paidPeriods how many charge periods of its life are paid (the first by its creation)
   * @param failedAlone how many evaluations in a row its own reads failed while its chain answered
   *     the other watches; above 0 it is read apart from the chain's shared round
   * @param verdictBlock the block its stored verdict was last read at by a complete evaluation, on
   *     a watch that reads one EVM chain; null when not known
   */
  record Due(
      String id,
      long ownerKey,
      KeyVersion keyVersion,
      String requestJson,
      WatchCommand.DeliverOn deliverOn,
      boolean pass,
      List<Boolean> met,
      int changes,
      Instant createdAt,
      int paidPeriods,
      int failedAlone,
      Long verdictBlock) {
    public Due {
      met = List.copyOf(met);
    }
  }

  /**
   * A changed verdict: the watch's new verdict and the delivery of its attestation.
   *
   * @param seq the change's number for its watch (1, 2, …): deliveries go out in this order
   * @param deliveryId the delivery's id ({@code webhook-id})
   * @param body the signed attestation, the delivery's body
   * @param nextAt when the watch is evaluated next
   * @param verdictBlock the block the new verdict was read at, on a watch that reads one EVM chain;
   *     null otherwise
   */
  record Change(
      String watchId,
      int seq,
      boolean pass,
      List<Boolean> met,
      String attestationId,
      String deliveryId,
      String body,
      Instant at,
      Instant nextAt,
      Long verdictBlock) {
    public Change {
      met = List.copyOf(met);
    }
  }

  /**
   * Takes up to {@code limit} live watches due at {@code now} that no other replica holds ({@code
   * FOR UPDATE SKIP LOCKED}), and holds them for {@code lease}.
   */
  Uni<List<Due>> claim(Instant now, Duration lease, int limit);

  /**
   * Takes, as {@link #claim} does, up to {@code limit} live watches with a condition on {@code
   * chain} (named by its {@code chainId}) whose next evaluation is at or before {@code dueBy} (a
   * watch held by a claim is due at the end of its lease, past {@code dueBy}) and that no claim
   * took at block {@code head} of that chain or a later one; records {@code head} as the block each
   * was taken at, and holds them for {@code lease}. So claims at one head, on any number of
   * replicas, take each watch once, and a watch taken at block N is taken again at N + 1.
   */
  Uni<List<Due>> claimOn(
      ChainId chain, long head, Instant now, Instant dueBy, Duration lease, int limit);

  /**
   * A watch read on an EVM chain at a block by an evaluation that did not claim it at that block
   * (the timer's).
   */
  record BlockRead(String id, ChainId chain, long block) {}

  /**
   * Records each read's block as the block of its chain the watch was evaluated at, as {@link
   * #claimOn} records its head (a recorded block never goes down), so no claim at that block or an
   * earlier one takes the watch again.
   */
  Uni<Void> readAt(List<BlockRead> reads);

  /** Records that the watch's first {@code periods} charge periods are paid (never fewer). */
  Uni<Void> paid(String id, int periods);

  /**
   * An evaluation that changed nothing: the watch's status and its detail.
   *
   * @param verdictBlock the block a complete evaluation read the same verdict at, on a watch that
   *     reads one EVM chain (kept as {@link Due#verdictBlock}, never lowered); null otherwise
   */
  record Unchanged(String id, Watch.Status status, String detail, Long verdictBlock) {

    /** An evaluation that read no verdict (or whose block is not kept). */
    public Unchanged(String id, Watch.Status status, String detail) {
      this(id, status, detail, null);
    }
  }

  /**
   * Evaluations that changed nothing, in one write: each watch's status, and when they are
   * evaluated next; the watches are read in their chain's shared round again.
   */
  Uni<Void> unchanged(List<Unchanged> watches, Instant nextAt);

  /** One evaluation that changed nothing, as {@link #unchanged(List, Instant)}. */
  default Uni<Void> unchanged(String id, Watch.Status status, String detail, Instant nextAt) {
    return unchanged(List.of(new Unchanged(id, status, detail)), nextAt);
  }

  /**
   * An evaluation whose reads failed alone for the {@code failedAlone}-th time in a row: the watch
   * is {@code read_failed} with {@code detail}, and read apart from its chain's shared round at
   * {@code nextAt}.
   */
  Uni<Void> apart(String id, int failedAlone, String detail, Instant nextAt);

  /**
   * A change: the watch's verdict and its delivery, in one transaction; nothing when a change of
   * that number was recorded before.
   */
  Uni<Void> changed(Change change);
}
