package org.walletstate.application.attest.watch.port.out;

import io.smallrye.mutiny.Uni;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.attest.watch.port.in.WatchDelivery;

/** The outbox of the watches' changes (PostgreSQL: {@code watch_delivery}). */
public interface WatchDeliveries {

  /**
   * A delivery to attempt.
   *
   * @param id its {@code webhook-id}, the same on every attempt
   * @param attempts attempts made before this one
   * @param createdAt when the change was recorded
   */
  record Pending(
      String id,
      String watchId,
      int seq,
      URI webhookUrl,
      String webhookSecret,
      String body,
      int attempts,
      Instant createdAt) {}

  /**
   * Takes up to {@code limit} deliveries due at {@code now}, each the earliest undelivered change
   * of its watch (so a watch's changes arrive in order), that no other replica holds ({@code FOR
   * UPDATE SKIP LOCKED}); holds them for {@code lease}.
   */
  Uni<List<Pending>> claim(Instant now, Duration lease, int limit);

  /** The receiver took it. */
  Uni<Void> delivered(String id, String outcome, Instant at);

  /**
   * The attempt failed: tried again at {@code retryAt}, or given up when {@code retryAt} is empty
   * (the next change of its watch is then delivered).
   */
  Uni<Void> failed(String id, String outcome, Instant at, Optional<Instant> retryAt);

  /** The newest {@code limit} deliveries of the owner's watch, newest first. */
  Uni<List<WatchDelivery>> history(long ownerKey, String watchId, int limit);
}
