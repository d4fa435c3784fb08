package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import org.walletstate.application.port.out.KeyAdmission;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.KeyAccount;

/**
 * Admission of registered keys: each request is counted per key and UTC day up to the key's daily
 * limit, never past it; an unknown key counts nothing.
 */
public final class MemoryKeyAdmission implements KeyAdmission {

  private final Map<ApiKeyHash, Long> byHash = new HashMap<>();
  private final Map<Long, KeyAccount> accounts = new HashMap<>();
  private final Map<String, Integer> counts = new HashMap<>();

  /** Registers {@code account} under {@code hash}. */
  public synchronized MemoryKeyAdmission register(ApiKeyHash hash, KeyAccount account) {
    byHash.put(hash, account.id());
    accounts.put(account.id(), account);
    return this;
  }

  /** Requests of {@code keyId} counted on {@code day}. */
  public synchronized int used(long keyId, LocalDate day) {
    return counts.getOrDefault(keyId + "/" + day, 0);
  }

  /** Every count, keyed {@code "<keyId>/<day>"}. */
  public synchronized Map<String, Integer> counts() {
    return Map.copyOf(counts);
  }

  @Override
  public synchronized Uni<Admission> admit(ApiKeyHash hash, LocalDate day) {
    Long keyId = byHash.get(hash);
    return keyId == null ? Uni.createFrom().item(new Admission.Unknown()) : admit(keyId, day);
  }

  @Override
  public synchronized Uni<Admission> admit(long keyId, LocalDate day) {
    KeyAccount account = accounts.get(keyId);
    if (account == null) {
      return Uni.createFrom().item(new Admission.Unknown());
    }
    int used = used(keyId, day);
    if (used >= account.dailyLimit()) {
      return Uni.createFrom().item(new Admission.LimitReached(account));
    }
    counts.put(keyId + "/" + day, used + 1);
    return Uni.createFrom().item(new Admission.Counted(account, used + 1));
  }
}
