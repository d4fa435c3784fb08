package org.walletstate.application.attest.watch.port.in;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.account.KeyAccount;

/**
 * {@code /v1/watches}: create, list, read and delete the watches of the calling key. Another key's
 * watch is never seen: it is answered as absent.
 */
public interface WatchesUseCase {

  /**
   * Checks the webhook and the key's number of watches, signs the first attestation through attest
   * (charged as an attestation), and stores the watch with its verdict.
   */
  Uni<SubscribeOutcome> subscribe(KeyAccount owner, WatchCommand command);

  /** The key's watches, newest first. */
  Uni<List<Watch>> watches(KeyAccount owner);

  /** One of the key's watches; empty when there is none of that id (or it is another key's). */
  Uni<Optional<Watch>> watch(KeyAccount owner, String id);

  /**
   * The newest deliveries of one of the key's watches, newest first; empty when there is no such
   * watch of the key.
   */
  Uni<Optional<List<WatchDelivery>>> deliveries(KeyAccount owner, String id);

  /** Deletes one of the key's watches; false when there was none of that id. */
  Uni<Boolean> delete(KeyAccount owner, String id);
}
