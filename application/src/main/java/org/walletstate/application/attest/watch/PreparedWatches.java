package org.walletstate.application.attest.watch;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.application.attest.watch.port.out.JsonRequests;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.payload.KeyVersion;

/**
 * What a replica keeps of each watch it evaluated between its runs: the stored request parsed (as
 * attest parses a sent one) and its read plan, so a run parses only the watches it has not seen. An
 * entry is used only for the very stored request and key version it was made from (both are
 * compared at every use), so parsing being deterministic, a kept entry answers exactly as parsing
 * again would. At most {@link #MAX} entries are kept (the least recently used goes first), and an
 * entry no run used for {@link #UNUSED} is dropped: a deleted or expired watch is never claimed
 * again, and a live one is claimed at least every {@link EvaluateWatches#MAX_APART}.
 */
final class PreparedWatches {

  /** Watches kept at most per replica. */
  static final int MAX = 20_000;

  /** How long an entry no run used is kept. */
  static final Duration UNUSED = EvaluateWatches.MAX_APART.multipliedBy(2);

  /** A watch's request, parsed, and its reads. */
  record Prepared(AttestCommand command, ReadPlan plan) {
    AttestRequest request() {
      return command.request();
    }
  }

  // A mutable holder like ChangeBlocks.Search by design: each keeps its own state, and only the
  // field-by-field constructor shape is shared.
  private static final class Entry {
    final String requestJson;
    final KeyVersion keyVersion;
    final Prepared prepared;
    Instant usedAt;

    Entry(String requestJson, KeyVersion keyVersion, Prepared prepared, Instant usedAt) {
      this.requestJson = requestJson;
      this.keyVersion = keyVersion;
      this.prepared = prepared;
      this.usedAt = usedAt;
    }
  }

  private final JsonRequests requests;
  private final int max;
  private final Map<String, Entry> byId;
  private Instant swept = Instant.MIN;

  PreparedWatches(JsonRequests requests) {
    this(requests, MAX);
  }

  PreparedWatches(JsonRequests requests, int max) {
    this.requests = requests;
    this.max = max;
    this.byId =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
            return size() > PreparedWatches.this.max;
          }
        };
  }

  /**
   * The watch's request parsed and planned, kept from an earlier run when its stored request and
   * key version are the same; throws as parsing does when the request no longer reads.
   */
  Prepared of(WatchEvaluations.Due due, Instant now) {
    synchronized (this) {
      Entry kept = byId.get(due.id());
      if (kept != null
          && kept.keyVersion == due.keyVersion()
          && kept.requestJson.equals(due.requestJson())) {
        kept.usedAt = now;
        return kept.prepared;
      }
    }
    // parsed outside the lock: runs of several chains prepare side by side
    AttestCommand command =
        AttestCommands.parse(requests.object(due.requestJson()), due.keyVersion());
    Prepared prepared = new Prepared(command, ReadPlan.of(command.request()));
    synchronized (this) {
      byId.put(due.id(), new Entry(due.requestJson(), due.keyVersion(), prepared, now));
    }
    return prepared;
  }

  /** Drops the entries no run used for {@link #UNUSED} (looked at once a minute at most). */
  synchronized void sweep(Instant now) {
    if (swept.plus(Duration.ofMinutes(1)).isAfter(now)) {
      return;
    }
    swept = now;
    Instant before = now.minus(UNUSED);
    byId.values().removeIf(e -> e.usedAt.isBefore(before));
  }

  /** How many watches are kept. */
  synchronized int size() {
    return byId.size();
  }
}
