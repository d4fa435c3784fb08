package org.walletstate.application.account.port.in;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import org.walletstate.domain.account.KeyAccount;

/**
 * The one daily allowance that every caller of the keyless tool endpoint shares. It is the daily
 * counter of a service-owned account: each metered call draws one request from it, atomically, and
 * is then charged to that account's credits like any key's call.
 */
public interface SharedAllowanceUseCase {

  /** Draws one call from today's allowance. */
  Uni<Draw> draw();

  /** The outcome of a draw. */
  sealed interface Draw {

    /**
     * Drawn: the call may run, on behalf of {@code account}.
     *
     * @param used calls drawn today, this one included
     */
    record Drawn(KeyAccount account, int used, int perDay, Instant resetsAt) implements Draw {}

    /** Today's allowance is spent; nothing was drawn. */
    record Spent(int perDay, Instant resetsAt, long retryAfterSeconds) implements Draw {}
  }
}
