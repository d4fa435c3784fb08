package org.walletstate.application.account.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.account.DailyWindow;
import org.walletstate.domain.account.KeyAccount;

/**
 * Recognises the key a caller presents and counts the request against the key's daily limit. Every
 * authenticated call counts once, whatever it does afterwards.
 */
public interface AuthenticateUseCase {

  /** Authenticates {@code presented} (the raw header value, possibly null). */
  Uni<Outcome> apiKey(String presented);

  /**
   * Where the key stands today.
   *
   * @param limit requests allowed per UTC day
   * @param used requests counted today, this one included
   * @param window today
   */
  public record DailyUsage(int limit, int used, DailyWindow window) {
    public int remaining() {
      return Math.max(0, limit - used);
    }
  }

  /** The outcome of authentication. */
  public sealed interface Outcome {
    /** No key, a malformed key or a key the service does not know. */
    record Unknown() implements Outcome {}

    /** A known key, counted. */
    record Authenticated(KeyAccount account, DailyUsage usage) implements Outcome {}

    /** A known key whose daily limit is used up; nothing was counted. */
    record LimitReached(KeyAccount account, DailyWindow window, long retryAfterSeconds)
        implements Outcome {}
  }
}
