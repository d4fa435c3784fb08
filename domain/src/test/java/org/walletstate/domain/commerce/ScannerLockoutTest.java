package org.walletstate.domain.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.commerce.ScannerLockout.Counter;
import org.walletstate.domain.commerce.ScannerLockout.Decision;
import org.walletstate.domain.commerce.ScannerLockout.State;

class ScannerLockoutTest {

  private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");

  private static final State FRESH = new State(Counter.NONE, Counter.NONE, Optional.empty());

  /** Fails {@code times} attempts from one address, starting from {@code state}. */
  private static State fail(State state, int times, Instant at) {
    for (int i = 0; i < times; i++) {
      state = ((Decision.Allowed) ScannerLockout.attempt(state, at)).next();
    }
    return state;
  }

  /** The store's count from {@code store}, a fresh address's own. */
  private static State stranger(State store) {
    return new State(store.store(), Counter.NONE, Optional.empty());
  }

  @Test
  void fiveWrongPins_lockThatAddress_forFifteenMinutes() {
    State state = FRESH;
    for (int i = 1; i <= 5; i++) {
      Decision decision = ScannerLockout.attempt(state, NOW);
      assertThat(decision).isInstanceOf(Decision.Allowed.class);
      assertThat(((Decision.Allowed) decision).remaining()).isEqualTo(5 - i);
      state = ((Decision.Allowed) decision).next();
    }
    assertThat(ScannerLockout.attempt(state, NOW.plusSeconds(899)))
        .isEqualTo(new Decision.Locked(NOW.plusSeconds(900), false));
    assertThat(ScannerLockout.attempt(state, NOW.plusSeconds(900)))
        .isInstanceOf(Decision.Allowed.class);
  }

  @Test
  void oneLockedAddress_leavesEveryOtherAddressItsFiveAttempts() {
    State locked = fail(FRESH, 5, NOW);
    Decision other = ScannerLockout.attempt(stranger(locked), NOW);
    assertThat(other).isInstanceOf(Decision.Allowed.class);
    assertThat(((Decision.Allowed) other).remaining()).isEqualTo(4);
  }

  @Test
  void theStoreWideCeiling_locksUnknownAddresses_raisesOneAlert_andSparesTheStoresTills() {
    State store = FRESH;
    int alerts = 0;
    for (int address = 0;
        address < ScannerLockout.STORE_CEILING / ScannerLockout.CLIENT_FAILURES;
        address++) {
      State mine = stranger(store);
      for (int i = 0; i < 5; i++) {
        Decision.Allowed allowed = (Decision.Allowed) ScannerLockout.attempt(mine, NOW);
        alerts += allowed.storeLocked() ? 1 : 0;
        mine = allowed.next();
      }
      store = mine;
    }
    assertThat(store.store().failures()).isEqualTo(ScannerLockout.STORE_CEILING);
    assertThat(alerts).isEqualTo(1);
    assertThat(ScannerLockout.attempt(stranger(store), NOW.plusSeconds(60)))
        .isEqualTo(new Decision.Locked(NOW.plusSeconds(900), true));

    State till = new State(store.store(), Counter.NONE, Optional.of(NOW.minusSeconds(86_400)));
    Decision.Allowed tillAttempt =
        (Decision.Allowed) ScannerLockout.attempt(till, NOW.plusSeconds(60));
    assertThat(tillAttempt.storeLocked()).isFalse();
    // the till's attempt neither lifts nor extends the store-wide lock
    assertThat(tillAttempt.next().store().lockedUntil()).contains(NOW.plusSeconds(900));

    State forgotten =
        new State(
            store.store(),
            Counter.NONE,
            Optional.of(NOW.minus(ScannerLockout.KNOWN_TILL).minusSeconds(1)));
    assertThat(ScannerLockout.attempt(forgotten, NOW)).isInstanceOf(Decision.Locked.class);
  }

  @Test
  void aRightPin_takesBackOnlyItsOwnCount_andMakesTheAddressATill() {
    State state = fail(FRESH, 3, NOW);
    State after = ScannerLockout.succeeded(state, NOW);
    assertThat(after.client().failures()).isEqualTo(2);
    assertThat(after.store().failures()).isEqualTo(2);
    assertThat(after.lastLogin()).contains(NOW);
  }

  @Test
  void failuresOlderThanTheWindow_countNoLonger() {
    State state = fail(FRESH, 4, NOW);
    Decision.Allowed later =
        (Decision.Allowed) ScannerLockout.attempt(state, NOW.plus(ScannerLockout.WINDOW));
    assertThat(later.remaining()).isEqualTo(4);
    assertThat(later.next().store().failures()).isEqualTo(1);
  }
}
