package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.application.port.out.SenderNonces;

/**
 * {@link SenderNonces} for one process, for sender tests that look at fees rather than at the
 * allocator (the shared one, on PostgreSQL, has PgSenderNoncesTest): nonces are handed out from the
 * mined count upwards, a nonce reported unused is handed out again, and every call is counted.
 */
public final class MemorySenderNonces implements SenderNonces {

  private final Map<String, Long> next = new HashMap<>();
  private final Map<String, List<Long>> free = new HashMap<>();
  private int allocations;

  /** How many nonces were handed out. */
  public synchronized int allocations() {
    return allocations;
  }

  @Override
  public synchronized Uni<Long> allocate(
      long chainId, String sender, long mined, Instant now, Instant leaseUntil) {
    allocations++;
    String key = chainId + "/" + sender;
    List<Long> released = free.computeIfAbsent(key, k -> new ArrayList<>());
    released.removeIf(n -> n < mined);
    if (!released.isEmpty()) {
      return Uni.createFrom().item(released.remove(0));
    }
    long nonce = Math.max(mined, next.getOrDefault(key, 0L));
    next.put(key, nonce + 1);
    return Uni.createFrom().item(nonce);
  }

  @Override
  public Uni<Void> sent(long chainId, String sender, long nonce) {
    return Uni.createFrom().voidItem();
  }

  @Override
  public synchronized Uni<List<Long>> takeFreeBelow(
      long chainId, String sender, long mined, long below, Instant now, Instant leaseUntil) {
    List<Long> released = free.computeIfAbsent(chainId + "/" + sender, k -> new ArrayList<>());
    List<Long> taken = released.stream().filter(n -> n >= mined && n < below).sorted().toList();
    released.removeAll(taken);
    return Uni.createFrom().item(taken);
  }

  @Override
  public synchronized Uni<Void> unused(long chainId, String sender, long nonce) {
    free.computeIfAbsent(chainId + "/" + sender, k -> new ArrayList<>()).add(nonce);
    return Uni.createFrom().voidItem();
  }
}
