package org.walletstate.application.account;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.walletstate.application.port.out.AccessPasses;
import org.walletstate.application.port.out.PassMints;

/**
 * Retries access-pass mints that failed or were slow, with a growing pause between attempts of one
 * mint (1, 2, 4 … minutes, at most an hour). Due mints are claimed first, until a deadline that
 * outlasts their attempt, so that each is sent by one replica; the claimed mints are sent together
 * (their nonces come from the shared allocator). The pass contract mints at most one pass per
 * wallet, so a retry of a mint that did land after all is harmless.
 */
public final class RetryPassMints {

  private static final int BATCH = 20;
  private static final int AT_ONCE = 4;

  // Fields written out by design: each class holds only what it is given.
  private final AccessPasses passes;
  private final PassMints mints;
  private final Clock clock;
  private final Duration claim;

  /**
   * @param claim how long a claimed mint is not due to anyone else: longer than one attempt takes
   */
  public RetryPassMints(AccessPasses passes, PassMints mints, Clock clock, Duration claim) {
    this.passes = passes;
    this.mints = mints;
    this.clock = clock;
    this.claim = claim;
  }

  /** A claim that outlasts one run's attempts, each waiting up to {@code mintWait}. */
  public static Duration claimFor(Duration mintWait) {
    return mintWait.multipliedBy(BATCH / AT_ONCE + 1).plusMinutes(1);
  }

  /** When the attempt after {@code attempts} failed ones is due. */
  static Instant nextAttempt(Instant now, int attempts) {
    long minutes = Math.min(60, 1L << Math.min(attempts, 6));
    return now.plus(Duration.ofMinutes(minutes));
  }

  /** Runs the due retries; answers how many mints landed. */
  public Uni<Integer> runOnce() {
    return mints
        .claimDue(clock.instant(), BATCH, clock.instant().plus(claim))
        .onItem()
        .transformToMulti(list -> Multi.createFrom().iterable(list))
        .onItem()
        .transformToUni(
            pending ->
                passes
                    .mint(pending.wallet())
                    .flatMap(
                        mint ->
                            mint instanceof AccessPasses.Mint.Minted minted
                                ? mints
                                    .minted(pending.keyId(), minted.txHash(), clock.instant())
                                    .replaceWith(1)
                                : mints
                                    .deferred(
                                        pending.keyId(),
                                        nextAttempt(clock.instant(), pending.attempts() + 1),
                                        clock.instant())
                                    .replaceWith(0)))
        .merge(AT_ONCE)
        .collect()
        .with(java.util.stream.Collectors.summingInt(Integer::intValue));
  }
}
