package org.walletstate.adapters.http.observability;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.walletstate.application.port.out.ChainCallObserver.Outcome;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;

/**
 * What this replica last saw of each chain, for {@code GET /v1/status}: the last head an
 * observation was anchored at, the provider that last answered, and how many calls failed in the
 * last {@link #WINDOW}. Fed by the chain-call observer and the observation decorator; bounded by
 * the catalogue's chains (one entry per chain read).
 */
public final class ChainStatusBoard {

  /** How far back the error rate looks: five buckets of a minute. */
  public static final Duration WINDOW = Duration.ofMinutes(5);

  private static final int BUCKETS = 5;
  private static final long BUCKET_SECONDS = WINDOW.toSeconds() / BUCKETS;

  /** A head: its position (block, slot, ledger, checkpoint), and its time when the chain says. */
  record Head(String kind, String position, Instant timestamp, Instant observedAt) {}

  /**
   * One chain's entry, as read for the status document.
   *
   * @param lastOutcome the last call's outcome as operators read it ({@code ok}, … {@code failed})
   */
  record ChainView(
      ChainId chain,
      Head lastGoodHead,
      String provider,
      String lastOutcome,
      boolean lastCallFailed,
      Instant lastCallAt,
      long calls,
      long failed) {}

  private final Clock clock;
  private final Map<ChainId, Entry> chains = new ConcurrentHashMap<>();

  public ChainStatusBoard(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** A call to {@code chain}'s upstream ended. */
  public void called(ChainId chain, Outcome outcome, String provider) {
    if (chain == null) {
      return;
    }
    entry(chain).called(outcome, provider, clock.instant());
  }

  /** An observation of {@code chain} was anchored at {@code anchor}. */
  public void anchored(ChainId chain, Anchor anchor) {
    entry(chain).anchored(head(anchor, clock.instant()));
  }

  /** The entry of {@code chain}, or {@code null} when this replica has not read it yet. */
  ChainView view(ChainId chain) {
    Entry entry = chains.get(chain);
    return entry == null ? null : entry.view(chain, clock.instant());
  }

  private Entry entry(ChainId chain) {
    return chains.computeIfAbsent(chain, c -> new Entry());
  }

  static Head head(Anchor anchor, Instant observedAt) {
    if (anchor instanceof Anchor.EvmBlock block) {
      return new Head("block", block.number().toString(), block.timestamp(), observedAt);
    }
    if (anchor instanceof Anchor.SolanaSlot slot) {
      return new Head("slot", Long.toString(slot.slot()), null, observedAt);
    }
    if (anchor instanceof Anchor.XrplLedger ledger) {
      return new Head("ledger", Long.toString(ledger.ledgerIndex()), null, observedAt);
    }
    if (anchor instanceof Anchor.StellarLedger ledger) {
      return new Head("ledger", Long.toString(ledger.ledgerIndex()), null, observedAt);
    }
    if (anchor instanceof Anchor.SuiCheckpoint checkpoint) {
      return new Head(
          "checkpoint", Long.toString(checkpoint.checkpointSequence()), null, observedAt);
    }
    if (anchor instanceof Anchor.BitcoinTip tip) {
      return new Head("block", Long.toString(tip.blockHeight()), null, observedAt);
    }
    if (anchor instanceof Anchor.TronBlock block) {
      return new Head("block", Long.toString(block.blockHeight()), null, observedAt);
    }
    throw new IllegalArgumentException("unknown anchor " + anchor.getClass().getSimpleName());
  }

  /** One chain's counters; its methods are synchronized (a few calls per request and chain). */
  private static final class Entry {
    private final long[] callsPerBucket = new long[BUCKETS];
    private final long[] failedPerBucket = new long[BUCKETS];
    private final long[] bucketStart = new long[BUCKETS];
    private Head lastGoodHead;
    private String provider;
    private Outcome lastOutcome;
    private Instant lastCallAt;

    synchronized void called(Outcome outcome, String by, Instant now) {
      int bucket = bucket(now);
      callsPerBucket[bucket]++;
      if (outcome == Outcome.FAILED) {
        failedPerBucket[bucket]++;
      } else {
        provider = by;
      }
      lastOutcome = outcome;
      lastCallAt = now;
    }

    synchronized void anchored(Head head) {
      if (lastGoodHead == null
          || !lastGoodHead.kind().equals(head.kind())
          || new BigInteger(head.position()).compareTo(new BigInteger(lastGoodHead.position()))
              >= 0) {
        lastGoodHead = head;
      } else {
        // an older block than the one seen (another replica's node, a safe or finalized anchor):
        // the head is the same, only seen again now
        lastGoodHead =
            new Head(
                lastGoodHead.kind(),
                lastGoodHead.position(),
                lastGoodHead.timestamp(),
                head.observedAt());
      }
    }

    synchronized ChainView view(ChainId chain, Instant now) {
      long since = now.getEpochSecond() / BUCKET_SECONDS - BUCKETS + 1;
      long calls = 0;
      long failed = 0;
      for (int i = 0; i < BUCKETS; i++) {
        if (bucketStart[i] >= since) {
          calls += callsPerBucket[i];
          failed += failedPerBucket[i];
        }
      }
      return new ChainView(
          chain,
          lastGoodHead,
          provider,
          lastOutcome == null ? null : lastOutcome.wireName(),
          lastOutcome == Outcome.FAILED,
          lastCallAt,
          calls,
          failed);
    }

    /** The bucket of {@code now}, emptied first when it last counted an older minute. */
    private int bucket(Instant now) {
      long minute = now.getEpochSecond() / BUCKET_SECONDS;
      int bucket = (int) (minute % BUCKETS);
      if (bucketStart[bucket] != minute) {
        bucketStart[bucket] = minute;
        callsPerBucket[bucket] = 0;
        failedPerBucket[bucket] = 0;
      }
      return bucket;
    }
  }
}
