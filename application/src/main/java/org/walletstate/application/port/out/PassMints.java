package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import org.walletstate.domain.address.EvmAddress;

/**
 * Access-pass mints owed to bought keys. A key bought on an EVM chain is stored with its mint
 * pending (in the same transaction as the key); the mint is marked done once a receipt shows it,
 * and a pending mint is retried until it is.
 */
public interface PassMints {

  /**
   * Claims pending mints whose next attempt is due at {@code now}, oldest first, at most {@code
   * max}: each is handed to one caller only (also across replicas) and is not due again before
   * {@code claimedUntil}, the claim's deadline, unless it is {@link #minted} or {@link #deferred}
   * first.
   */
  Uni<List<PendingMint>> claimDue(Instant now, int max, Instant claimedUntil);

  /** The mint of {@code keyId}'s pass landed in {@code txHash}. */
  Uni<Void> minted(long keyId, String txHash, Instant at);

  /** An attempt failed; the next one is due at {@code retryAt}. */
  Uni<Void> deferred(long keyId, Instant retryAt, Instant at);

  /**
   * @param keyId the key
   * @param wallet where the pass goes
   * @param attempts attempts so far
   */
  record PendingMint(long keyId, EvmAddress wallet, int attempts) {}
}
