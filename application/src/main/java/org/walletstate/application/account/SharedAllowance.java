package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase;
import org.walletstate.application.port.out.KeyAdmission;
import org.walletstate.application.port.out.KeyAdmission.Admission;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.DailyWindow;

/**
 * The shared allowance as the daily counter of a reserved account (created by a migration). Its
 * hash is the SHA-256 of {@code service-account:mcp}, which is not the shape of a key, so no caller
 * can present it as one. A draw is the same one-step admission every key's request goes through
 * ({@link KeyAdmission}): counted atomically against the account's daily limit, which is the
 * allowance, so concurrent draws on any replica never pass it.
 */
public final class SharedAllowance implements SharedAllowanceUseCase {

  /** The reserved account of the tool endpoint (see the migration V8_1). */
  public static final ApiKeyHash MCP_ACCOUNT =
      new ApiKeyHash("4e998bf9c71512051fb3607d110676136ecd14f7d5b9ea706e778b9e56d66290");

  // Fields written out by design: each class holds only what it is given.
  private final KeyAdmission admission;
  private final Clock clock;
  private final ApiKeyHash account;

  public SharedAllowance(KeyAdmission admission, Clock clock, ApiKeyHash account) {
    this.admission = admission;
    this.clock = clock;
    this.account = account;
  }

  @Override
  public Uni<Draw> draw() {
    Instant now = clock.instant();
    DailyWindow window = DailyWindow.containing(now);
    return admission
        .admit(account, window.day())
        .map(
            admitted -> {
              if (admitted instanceof Admission.Counted counted) {
                return new Draw.Drawn(
                    counted.account(),
                    counted.used(),
                    counted.account().dailyLimit(),
                    window.resetsAt());
              }
              if (admitted instanceof Admission.LimitReached limited) {
                return new Draw.Spent(
                    limited.account().dailyLimit(),
                    window.resetsAt(),
                    window.secondsUntilReset(now));
              }
              throw new IllegalStateException(
                  "the service account of the shared allowance is missing");
            });
  }
}
