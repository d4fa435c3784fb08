package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.application.port.out.UsageCounter;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.DailyWindow;
import org.walletstate.domain.account.KeyAccount;

/**
 * Recognises the key a caller presents and counts the request against the key's daily limit. Every
 * authenticated call counts once, whatever it does afterwards.
 */
public final class Authenticate implements AuthenticateUseCase {

  private final ApiKeyStore keys;
  private final UsageCounter usage;
  private final Clock clock;

  public Authenticate(ApiKeyStore keys, UsageCounter usage, Clock clock) {
    this.keys = keys;
    this.usage = usage;
    this.clock = clock;
  }

  @Override
  public Uni<Outcome> apiKey(String presented) {
    Optional<ApiKey> key = ApiKey.parse(presented);
    if (key.isEmpty()) {
      return Uni.createFrom().item(new Outcome.Unknown());
    }
    return keys.findByHash(key.get().hash())
        .flatMap(
            found ->
                found.isEmpty()
                    ? Uni.createFrom().item(new Outcome.Unknown())
                    : count(found.get()));
  }

  private Uni<Outcome> count(KeyAccount account) {
    Instant now = clock.instant();
    DailyWindow window = DailyWindow.containing(now);
    return usage
        .countOne(account.id(), window.day(), account.dailyLimit())
        .map(
            count ->
                count instanceof UsageCounter.Count.Counted counted
                    ? new Outcome.Authenticated(
                        account, new DailyUsage(account.dailyLimit(), counted.used(), window))
                    : new Outcome.LimitReached(account, window, window.secondsUntilReset(now)));
  }
}
