package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.walletstate.application.commerce.port.out.ScannerLockouts;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.ScannerLockout;
import org.walletstate.domain.commerce.ScannerLockout.Counter;

/**
 * The scanner-login lockout in memory: each attempt is decided by the domain's {@link
 * ScannerLockout} on the store's and the client's counts, and the counts it returns are kept; an
 * attempt that reaches the store's ceiling records the alert's time. Attempts are serialised by
 * this object's lock, as the database adapter serialises them by the store's row lock.
 */
public final class MemoryScannerLockouts implements ScannerLockouts {

  private final Map<String, Counter> stores = new HashMap<>();
  private final Map<String, Counter> clients = new HashMap<>();
  private final Map<String, Instant> lastLogins = new HashMap<>();
  private final Map<String, Instant> alerts = new HashMap<>();

  /** The wrong PINs counted for the store in its window. */
  public synchronized int storeFailures(CompanyId merchant) {
    return stores.getOrDefault(merchant.key(), Counter.NONE).failures();
  }

  /** The wrong PINs counted for the client at the store in its window. */
  public synchronized int clientFailures(CompanyId merchant, String client) {
    return clients.getOrDefault(clientKey(merchant, client), Counter.NONE).failures();
  }

  @Override
  public synchronized Uni<ScannerLockout.Decision> attempt(
      CompanyId merchant, String client, Instant now) {
    ScannerLockout.Decision decision = ScannerLockout.attempt(state(merchant, client), now);
    if (decision instanceof ScannerLockout.Decision.Allowed allowed) {
      keep(merchant, client, allowed.next());
      if (allowed.storeLocked()) {
        alerts.put(merchant.key(), now);
      }
    }
    return Uni.createFrom().item(decision);
  }

  @Override
  public synchronized Uni<Void> succeeded(CompanyId merchant, String client, Instant now) {
    keep(merchant, client, ScannerLockout.succeeded(state(merchant, client), now));
    return Uni.createFrom().voidItem();
  }

  @Override
  public synchronized Uni<Optional<Instant>> lastAlert(CompanyId merchant) {
    return Uni.createFrom().item(Optional.ofNullable(alerts.get(merchant.key())));
  }

  private ScannerLockout.State state(CompanyId merchant, String client) {
    String key = clientKey(merchant, client);
    return new ScannerLockout.State(
        stores.getOrDefault(merchant.key(), Counter.NONE),
        clients.getOrDefault(key, Counter.NONE),
        Optional.ofNullable(lastLogins.get(key)));
  }

  private void keep(CompanyId merchant, String client, ScannerLockout.State next) {
    String key = clientKey(merchant, client);
    stores.put(merchant.key(), next.store());
    clients.put(key, next.client());
    next.lastLogin().ifPresent(at -> lastLogins.put(key, at));
  }

  private static String clientKey(CompanyId merchant, String client) {
    return merchant.key() + "/" + client;
  }
}
