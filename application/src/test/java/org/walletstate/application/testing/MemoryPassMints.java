package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.application.port.out.PassMints;
import org.walletstate.domain.address.EvmAddress;

/**
 * Pending access-pass mints in memory: a claimed mint is not due again before its claim's deadline
 * unless it is marked minted or deferred first; a minted one is never due again.
 */
public final class MemoryPassMints implements PassMints {

  private record Pending(EvmAddress wallet, int attempts, Instant dueAt) {}

  private final Map<Long, Pending> pending = new LinkedHashMap<>();
  private final Map<Long, String> minted = new HashMap<>();

  /** A mint owed to {@code keyId}, due at {@code dueAt} after {@code attempts} attempts. */
  public synchronized MemoryPassMints owe(
      long keyId, EvmAddress wallet, int attempts, Instant dueAt) {
    pending.put(keyId, new Pending(wallet, attempts, dueAt));
    return this;
  }

  /** When {@code keyId}'s next attempt is due; empty when it was minted or never owed. */
  public synchronized java.util.Optional<Instant> dueAt(long keyId) {
    return java.util.Optional.ofNullable(pending.get(keyId)).map(Pending::dueAt);
  }

  public synchronized int attempts(long keyId) {
    return pending.containsKey(keyId) ? pending.get(keyId).attempts() : 0;
  }

  /** The transactions of landed mints, by key. */
  public synchronized Map<Long, String> minted() {
    return Map.copyOf(minted);
  }

  @Override
  public synchronized Uni<List<PendingMint>> claimDue(Instant now, int max, Instant claimedUntil) {
    List<PendingMint> due = new ArrayList<>();
    for (var entry : pending.entrySet()) {
      Pending mint = entry.getValue();
      if (due.size() < max && !mint.dueAt().isAfter(now)) {
        due.add(new PendingMint(entry.getKey(), mint.wallet(), mint.attempts()));
      }
    }
    due.forEach(
        mint ->
            pending.put(mint.keyId(), new Pending(mint.wallet(), mint.attempts(), claimedUntil)));
    return Uni.createFrom().item(due);
  }

  @Override
  public synchronized Uni<Void> minted(long keyId, String txHash, Instant at) {
    pending.remove(keyId);
    minted.put(keyId, txHash);
    return Uni.createFrom().voidItem();
  }

  @Override
  public synchronized Uni<Void> deferred(long keyId, Instant retryAt, Instant at) {
    Pending mint = pending.get(keyId);
    EvmAddress wallet = mint == null ? null : mint.wallet();
    int attempts = mint == null ? 0 : mint.attempts();
    pending.put(keyId, new Pending(wallet, attempts + 1, retryAt));
    return Uni.createFrom().voidItem();
  }
}
