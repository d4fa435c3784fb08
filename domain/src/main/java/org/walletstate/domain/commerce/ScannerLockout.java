package org.walletstate.domain.commerce;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Who may still guess a store's scanner PIN. Wrong PINs are counted twice: per store and client
 * address, where {@link #CLIENT_FAILURES} within {@link #WINDOW} lock that address out of that
 * store for {@link #WINDOW} (the spec's "5 failed attempts lock for 15 minutes"), and per store,
 * where {@link #STORE_CEILING} within the window lock the store's login for every address that has
 * not logged a till into the store within {@link #KNOWN_TILL} (and alert the owner). So one address
 * locks only itself; many addresses together get at most the ceiling per window, and even they
 * cannot keep the store's own tills out. An attempt counts before its PIN is evaluated; a right PIN
 * takes its own count back.
 */
public final class ScannerLockout {

  /** Wrong PINs from one address that lock it out of the store. */
  public static final int CLIENT_FAILURES = ScannerLogin.MAX_FAILURES;

  /** Wrong PINs from all addresses together that lock the store for addresses it does not know. */
  public static final int STORE_CEILING = 10;

  /** The window failures are counted in, and how long a lock lasts. */
  public static final Duration WINDOW = ScannerLogin.LOCKOUT;

  /** How long an address that logged a till in stays one of the store's own. */
  public static final Duration KNOWN_TILL = Duration.ofDays(30);

  private ScannerLockout() {}

  /** A count of wrong PINs in its window, and the lock it set. */
  public record Counter(
      int failures, Optional<Instant> windowStarted, Optional<Instant> lockedUntil) {

    public static final Counter NONE = new Counter(0, Optional.empty(), Optional.empty());

    boolean locked(Instant now) {
      return lockedUntil.isPresent() && lockedUntil.get().isAfter(now);
    }

    Counter counted(Instant now, int max) {
      boolean fresh = windowStarted.isEmpty() || !windowStarted.get().plus(WINDOW).isAfter(now);
      int next = fresh ? 1 : failures + 1;
      Instant started = fresh ? now : windowStarted.get();
      Optional<Instant> lock = next >= max ? Optional.of(now.plus(WINDOW)) : Optional.empty();
      return new Counter(next, Optional.of(started), lock);
    }

    Counter takenBack(int max) {
      int next = Math.max(0, failures - 1);
      return new Counter(next, windowStarted, next < max ? Optional.empty() : lockedUntil);
    }
  }

  /** The store's count, the address's count, and when the address last logged a till in. */
  public record State(Counter store, Counter client, Optional<Instant> lastLogin) {

    boolean knownTill(Instant now) {
      return lastLogin.isPresent() && lastLogin.get().plus(KNOWN_TILL).isAfter(now);
    }
  }

  /** Whether an attempt may evaluate its PIN, and the counts to store. */
  public sealed interface Decision {
    /**
     * @param remaining wrong PINs this address has left before it is locked out
     * @param storeLocked true when this attempt reached the store-wide ceiling (alert the owner)
     */
    record Allowed(State next, int remaining, boolean storeLocked) implements Decision {}

    /**
     * @param storeWide true when the store-wide ceiling, not the address's own count, locks it
     */
    record Locked(Instant until, boolean storeWide) implements Decision {}
  }

  /** One login attempt from an address, counted as wrong until its PIN proves right. */
  public static Decision attempt(State state, Instant now) {
    if (state.client().locked(now)) {
      return new Decision.Locked(state.client().lockedUntil().orElseThrow(), false);
    }
    boolean known = state.knownTill(now);
    if (!known && state.store().locked(now)) {
      return new Decision.Locked(state.store().lockedUntil().orElseThrow(), true);
    }
    Counter client = state.client().counted(now, CLIENT_FAILURES);
    Counter store = state.store().counted(now, STORE_CEILING);
    boolean reached = !state.store().locked(now) && store.locked(now);
    if (state.store().locked(now)) { // a known till's attempt neither lifts nor extends the lock
      store = new Counter(store.failures(), store.windowStarted(), state.store().lockedUntil());
    }
    return new Decision.Allowed(
        new State(store, client, state.lastLogin()),
        Math.max(0, CLIENT_FAILURES - client.failures()),
        reached);
  }

  /** A right PIN: its count taken back, the address now one of the store's tills. */
  public static State succeeded(State state, Instant now) {
    return new State(
        state.store().takenBack(STORE_CEILING),
        state.client().takenBack(CLIENT_FAILURES),
        Optional.of(now));
  }
}
