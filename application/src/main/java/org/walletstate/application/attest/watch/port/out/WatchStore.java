package org.walletstate.application.attest.watch.port.out;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.domain.payload.KeyVersion;

/** The watches (PostgreSQL: {@code watch}). */
public interface WatchStore {

  /**
   * A watch to store.
   *
   * @param watch the watch as its owner sees it
   * @param requestJson the attest body it re-evaluates
   * @param keyVersion the key version it was read under
   * @param webhookSecret the secret its deliveries are signed with
   */
  record NewWatch(Watch watch, String requestJson, KeyVersion keyVersion, String webhookSecret) {}

  /** The owner's number of watches, expired ones included until they are deleted. */
  Uni<Integer> count(long ownerKey);

  /**
   * Stores the watch unless its owner already has {@code limit} watches (checked in the same
   * statement); false when the limit was reached.
   */
  Uni<Boolean> insert(NewWatch watch, int limit);

  /** The owner's watches, newest first. */
  Uni<List<Watch>> list(long ownerKey);

  Uni<Optional<Watch>> find(long ownerKey, String id);

  /** Deletes the owner's watch; false when there was none. */
  Uni<Boolean> delete(long ownerKey, String id);
}
