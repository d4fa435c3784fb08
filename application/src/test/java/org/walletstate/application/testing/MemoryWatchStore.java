package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.out.WatchStore;

/**
 * Watches in a list, with the port's rules: a place is held only while its owner's watches and held
 * places are fewer than the limit (a place does not lapse here), and a watch is seen, listed
 * (newest first) and deleted only by its owner.
 */
public final class MemoryWatchStore implements WatchStore {

  private final List<NewWatch> rows = new ArrayList<>();
  private final Map<String, Long> places = new HashMap<>();

  /** Every watch stored and not deleted, in order, with what was kept beside it. */
  public synchronized List<NewWatch> rows() {
    return List.copyOf(rows);
  }

  @Override
  public synchronized Uni<Boolean> hold(long ownerKey, String watchId, int limit, Instant until) {
    long held = places.values().stream().filter(k -> k == ownerKey).count();
    if (owned(ownerKey).count() + held >= limit) {
      return Uni.createFrom().item(false);
    }
    places.put(watchId, ownerKey);
    return Uni.createFrom().item(true);
  }

  @Override
  public synchronized Uni<Void> release(String watchId) {
    places.remove(watchId);
    return Uni.createFrom().voidItem();
  }

  /** The places held and not yet taken or released. */
  public synchronized Set<String> places() {
    return Set.copyOf(places.keySet());
  }

  @Override
  public synchronized Uni<Void> insert(NewWatch watch) {
    places.remove(watch.watch().id());
    rows.add(watch);
    return Uni.createFrom().voidItem();
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
