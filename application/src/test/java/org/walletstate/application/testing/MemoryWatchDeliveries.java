package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.attest.watch.port.in.WatchDelivery;
import org.walletstate.application.attest.watch.port.out.WatchDeliveries;

/**
 * The deliveries a watch's owner reads ({@link #history}): recorded by the test, answered newest
 * first, at most the limit, only to the watch's owner. Claiming and settling deliveries is the
 * database adapter's outbox (leases, order per watch), tested against PostgreSQL: not kept here.
 */
public final class MemoryWatchDeliveries implements WatchDeliveries {

  private record Row(long ownerKey, String watchId, WatchDelivery delivery) {}

  private final List<Row> rows = new ArrayList<>();

  /** Records {@code delivery} of the owner's watch, as the newest. */
  public synchronized MemoryWatchDeliveries recorded(
      long ownerKey, String watchId, WatchDelivery delivery) {
    rows.add(new Row(ownerKey, watchId, delivery));
    return this;
  }

  @Override
  public synchronized Uni<List<WatchDelivery>> history(long ownerKey, String watchId, int limit) {
    List<WatchDelivery> found = new ArrayList<>();
    for (int i = rows.size() - 1; i >= 0 && found.size() < limit; i--) {
      Row row = rows.get(i);
      if (row.ownerKey() == ownerKey && row.watchId().equals(watchId)) {
        found.add(row.delivery());
      }
    }
    return Uni.createFrom().item(found);
  }

  @Override
  public Uni<List<Pending>> claim(Instant now, Duration lease, int limit) {
    throw new UnsupportedOperationException("the outbox is tested against PostgreSQL");
  }

  @Override
  public Uni<Void> delivered(String id, String outcome, Instant at) {
    throw new UnsupportedOperationException("the outbox is tested against PostgreSQL");
  }

  @Override
  public Uni<Void> failed(String id, String outcome, Instant at, Optional<Instant> retryAt) {
    throw new UnsupportedOperationException("the outbox is tested against PostgreSQL");
  }
}
