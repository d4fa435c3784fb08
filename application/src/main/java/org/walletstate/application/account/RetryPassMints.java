package org.walletstate.application.account;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.walletstate.application.port.out.AccessPasses;
import org.walletstate.application.port.out.PassMints;

/**
 * Retries access-pass mints that failed or were slow, one at a time, with a growing pause between
 * attempts of one mint (1, 2, 4 … minutes, at most an hour). The pass contract mints at most one
 * pass per wallet, so a retry of a mint that did land after all is harmless.
 */
public final class RetryPassMints {

  private static final int BATCH = 20;

  private final AccessPasses passes;
  private final PassMints mints;
  private final Clock clock;

  public RetryPassMints(AccessPasses passes, PassMints mints, Clock clock) {
    this.passes = passes;
    this.mints = mints;
    this.clock = clock;
  }

  /** When the attempt after {@code attempts} failed ones is due. */
  static Instant nextAttempt(Instant now, int attempts) {
    long minutes = Math.min(60, 1L << Math.min(attempts, 6));
    return now.plus(Duration.ofMinutes(minutes));
  }

  /** Runs the due retries; answers how many mints landed. */
  public Uni<Integer> runOnce() {
    return mints
        .due(clock.instant(), BATCH)
        .onItem()
        .transformToMulti(list -> Multi.createFrom().iterable(list))
        .onItem()
        .transformToUniAndConcatenate(
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
        .collect()
        .with(java.util.stream.Collectors.summingInt(Integer::intValue));
  }
}
