package org.walletstate.application.attest.watch.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
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
   * @param verdictBlock the block its first attestation read its verdict at, when it reads one EVM
   *     chain; null otherwise (kept as the evaluations' {@code Due.verdictBlock})
   */
  record NewWatch(
      Watch watch,
      String requestJson,
      KeyVersion keyVersion,
      String webhookSecret,
      Long verdictBlock) {}

  /**
   * Holds a place for the watch {@code watchId} among its owner's watches until {@code until},
   * unless the owner's watches (expired ones included until they are deleted) and the places held
   * for it already number {@code limit}; false then. Decided atomically per owner, so requests at
   * once never hold more places than the limit.
   */
  Uni<Boolean> hold(long ownerKey, String watchId, int limit, Instant until);

  /** Gives back a place whose watch will not be stored (its first attestation was not signed). */
  Uni<Void> release(String watchId);

  /**
   * Stores the watch in the place held for it, which it then no longer needs. The watch's first
   * attestation is charged by then, so it is stored even if its place lapsed meanwhile (a first
   * attestation ends within its read deadline, long before a place lapses).
   */
  Uni<Void> insert(NewWatch watch);

  /** The owner's watches, newest first. */
  Uni<List<Watch>> list(long ownerKey);

  Uni<Optional<Watch>> find(long ownerKey, String id);

  /** Deletes the owner's watch; false when there was none. */
  Uni<Boolean> delete(long ownerKey, String id);
}
