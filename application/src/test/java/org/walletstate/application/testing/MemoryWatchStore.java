package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.out.WatchStore;

/**
 * Watches in a list, with the port's rules: a watch is stored only while its owner has fewer than
 * the limit, and is seen, listed (newest first) and deleted only by its owner.
 */
public final class MemoryWatchStore implements WatchStore {

  private final List<NewWatch> rows = new ArrayList<>();

  /** Every watch stored and not deleted, in order, with what was kept beside it. */
  public synchronized List<NewWatch> rows() {
    return List.copyOf(rows);
  }

  @Override
  public synchronized Uni<Integer> count(long ownerKey) {
    return Uni.createFrom().item((int) owned(ownerKey).count());
  }

  @Override
  public synchronized Uni<Boolean> insert(NewWatch watch, int limit) {
    if (owned(watch.watch().ownerKey()).count() >= limit) {
      return Uni.createFrom().item(false);
    }
    rows.add(watch);
    return Uni.createFrom().item(true);
  }

  @Override
  public synchronized Uni<List<Watch>> list(long ownerKey) {
    List<Watch> newestFirst = new ArrayList<>(owned(ownerKey).map(NewWatch::watch).toList());
    java.util.Collections.reverse(newestFirst);
    return Uni.createFrom().item(newestFirst);
  }

  @Override
  public synchronized Uni<Optional<Watch>> find(long ownerKey, String id) {
    return Uni.createFrom()
        .item(owned(ownerKey).map(NewWatch::watch).filter(w -> w.id().equals(id)).findFirst());
  }

  @Override
  public synchronized Uni<Boolean> delete(long ownerKey, String id) {
    return Uni.createFrom()
        .item(rows.removeIf(r -> r.watch().ownerKey() == ownerKey && r.watch().id().equals(id)));
  }

  private java.util.stream.Stream<NewWatch> owned(long ownerKey) {
    return rows.stream().filter(r -> r.watch().ownerKey() == ownerKey);
  }
}
