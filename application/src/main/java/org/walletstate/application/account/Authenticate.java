package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.port.out.KeyAdmission;
import org.walletstate.application.port.out.KeyAdmission.Admission;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.DailyWindow;

/**
 * Recognises the key a caller presents and counts the request against the key's daily limit. Every
 * authenticated call counts once, whatever it does afterwards. Finding the key, counting and
 * reading its balance are one step of the {@link KeyAdmission} port (one database round trip); the
 * balance travels with the account so that a metered call's affordability check needs no second
 * one.
 */
public final class Authenticate implements AuthenticateUseCase {

  private final KeyAdmission admission;
  private final Clock clock;

  // Same constructor shape as ConfigureMerchantService's and TokenRegistryService's by design: each
  // is handed only the ports it uses, and there is no logic to share.
  public Authenticate(KeyAdmission admission, Clock clock) {
    this.admission = admission;
    this.clock = clock;
  }

  @Override
  public Uni<Outcome> apiKey(String presented) {
    Optional<ApiKey> key = ApiKey.parse(presented);
    if (key.isEmpty()) {
      return Uni.createFrom().item(new Outcome.Unknown());
    }
    Instant now = clock.instant();
    DailyWindow window = DailyWindow.containing(now);
    return admission
        .admit(key.get().hash(), window.day())
        .map(
            admitted -> {
              if (admitted instanceof Admission.Counted counted) {
                return new Outcome.Authenticated(
                    counted.account(),
                    new DailyUsage(counted.account().dailyLimit(), counted.used(), window));
              }
              if (admitted instanceof Admission.LimitReached limited) {
                return new Outcome.LimitReached(
                    limited.account(), window, window.secondsUntilReset(now));
              }
              return new Outcome.Unknown();
            });
  }
}
