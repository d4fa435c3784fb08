package org.walletstate.adapters.chain.evm;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.proof.BalanceLayout;

/**
 * Where each token keeps balances, per chain, as slot discovery found it: a layout is a property of
 * the token's code, not of a block, so it is kept until evicted (least recently used first, or when
 * a proof shows the slot no longer holds {@code balanceOf}'s answer, e.g. after a proxy upgrade). A
 * token found to have no balance slot is remembered for {@code notFoundFor}, so a computed-balance
 * token is not searched on every request.
 */
public final class BalanceSlotCache {

  /** What is known of a token. */
  public sealed interface Known permits Found, NotFound {}

  public record Found(BalanceLayout layout) implements Known {
    public Found {
      Objects.requireNonNull(layout, "layout");
    }
  }

  /**
   * @param reason the declined proof's reason
   */
  public record NotFound(String reason, Instant until) implements Known {
    public NotFound {
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(until, "until");
    }
  }

  private record Key(ChainId chain, EvmAddress token) {}

  public static final int DEFAULT_ENTRIES = 10_000;
  public static final Duration DEFAULT_NOT_FOUND_FOR = Duration.ofMinutes(10);

  private final Duration notFoundFor;
  private final Clock clock;
  private final LruMap<Key, Known> entries;

  public BalanceSlotCache(int maxEntries, Duration notFoundFor, Clock clock) {
    if (maxEntries < 0) {
      throw new IllegalArgumentException("maxEntries must not be negative: " + maxEntries);
    }
    this.notFoundFor = Objects.requireNonNull(notFoundFor, "notFoundFor");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.entries = new LruMap<>(maxEntries);
  }

  public static BalanceSlotCache defaults(Clock clock) {
    return new BalanceSlotCache(DEFAULT_ENTRIES, DEFAULT_NOT_FOUND_FOR, clock);
  }

  public synchronized Optional<Known> get(ChainId chain, EvmAddress token) {
    Key key = new Key(chain, token);
    Known known = entries.get(key);
    if (known instanceof NotFound notFound && !clock.instant().isBefore(notFound.until())) {
      entries.remove(key);
      return Optional.empty();
    }
    return Optional.ofNullable(known);
  }

  public synchronized void found(ChainId chain, EvmAddress token, BalanceLayout layout) {
    entries.put(new Key(chain, token), new Found(layout));
  }

  public synchronized void notFound(ChainId chain, EvmAddress token, String reason) {
    entries.put(new Key(chain, token), new NotFound(reason, clock.instant().plus(notFoundFor)));
  }

  public synchronized void forget(ChainId chain, EvmAddress token) {
    entries.remove(new Key(chain, token));
  }
}
