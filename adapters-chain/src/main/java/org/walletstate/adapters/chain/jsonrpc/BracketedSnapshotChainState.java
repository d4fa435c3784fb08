package org.walletstate.adapters.chain.jsonrpc;

import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.observation.ChainObservation;

/**
 * The reader of a family whose API answers current state only but names where it stands (Bitcoin's
 * tip, Tron's solidified head): a snapshot reads that anchor, then every read, then the anchor
 * again, and is taken again when the anchor moved, up to {@link #SNAPSHOT_TRIES} times. A quorum of
 * such providers ({@link QuorumPinning#BRACKETED}) compares their anchors before any read, then
 * each provider reads from its own.
 *
 * @param <R> the family's read type
 */
public abstract class BracketedSnapshotChainState<R extends ChainRead<?>>
    extends SnapshotChainState<R> {

  /** How often a snapshot is taken before a moving anchor gives up. */
  public static final int SNAPSHOT_TRIES = 3;

  private static final System.Logger LOG =
      System.getLogger(BracketedSnapshotChainState.class.getName());

  private final String anchorName;

  /**
   * @param family the family's name, for thread names and messages
   * @param anchorName what the family's anchor is called in messages ({@code tip})
   * @param readsOf the query's reads as the family's reads
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   * @param observer told how each upstream exchange ended and how long it took
   */
  protected BracketedSnapshotChainState(
      String family,
      String anchorName,
      Function<Collection<? extends ChainRead<?>>, Set<R>> readsOf,
      JsonRpcChainConfig config,
      Clock clock,
      DoubleSupplier random,
      ChainCallObserver observer) {
    super(family, readsOf, config, clock, random, observer);
    this.anchorName = Objects.requireNonNull(anchorName, "anchorName");
  }

  /** Where the chain stands now, as this provider answers. */
  @Override
  protected abstract Anchor latest(Deadline deadline) throws RpcFailure;

  /** One read of the current state. */
  protected abstract Reading<?> answer(R read, Deadline deadline) throws RpcFailure;

  /** Whether this provider still stands at {@code anchor}, asked after the reads. */
  protected abstract boolean stillAt(Anchor anchor, Deadline deadline) throws RpcFailure;

  /**
   * The API cannot read a past anchor: a quorum's providers state their anchors first, which are
   * compared, then each reads the current state from its own.
   */
  @Override
  protected final QuorumPinning pinning() {
    return QuorumPinning.BRACKETED;
  }

  @Override
  protected final ChainObservation observeNow(Set<R> reads, Deadline deadline) {
    for (int snapshot = 1; snapshot <= SNAPSHOT_TRIES; snapshot++) {
      Anchor anchor;
      try {
        anchor = latest(deadline);
      } catch (RpcFailure failure) {
        return new ChainObservation.HeadUnavailable(anchorName + ": " + failure.getMessage());
      }
      ChainObservation observation = from(reads, anchor, deadline);
      if (observation != null) {
        return observation;
      }
    }
    return new ChainObservation.HeadUnavailable(
        "the " + anchorName + " moved during each of " + SNAPSHOT_TRIES + " snapshots");
  }

  /**
   * The snapshot that starts at {@code anchor}, which {@link #latest} answered: the reads, then the
   * anchor again; when it moved, the snapshot is taken anew ({@link #observeNow}), so the
   * observation may stand at a later anchor.
   */
  @Override
  protected final ChainObservation observeAt(Set<R> reads, Anchor anchor, Deadline deadline) {
    ChainObservation observation = from(reads, anchor, deadline);
    return observation != null ? observation : observeNow(reads, deadline);
  }

  /** The reads and the anchor again: the observation, or null when the anchor moved. */
  private ChainObservation from(Set<R> reads, Anchor anchor, Deadline deadline) {
    Map<ChainRead<?>, Reading<?>> readings = new LinkedHashMap<>();
    for (R read : reads) {
      Reading<?> reading;
      try {
        reading = answer(read, deadline);
      } catch (RpcFailure failure) {
        reading = new Reading.Unreadable<>(failure.getMessage());
      } catch (RuntimeException unexpected) {
        LOG.log(System.Logger.Level.WARNING, family() + " read failed unexpectedly", unexpected);
        reading = new Reading.Unreadable<>("unexpected " + unexpected.getClass().getSimpleName());
      }
      readings.put(read, reading);
    }
    try {
      if (stillAt(anchor, deadline)) {
        return new ChainObservation.Observed(anchor, Readings.of(readings));
      }
    } catch (RpcFailure failure) {
      return new ChainObservation.HeadUnavailable(
          anchorName + " after the reads: " + failure.getMessage());
    }
    LOG.log(
        System.Logger.Level.DEBUG,
        "{0}: the {1} moved from {2} during the reads; reading again",
        family(),
        anchorName,
        position(anchor));
    return null;
  }
}
