package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.application.port.out.UsageCounter;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.DailyWindow;
import org.walletstate.domain.account.KeyAccount;

/**
 * The shared allowance as the daily counter of a reserved account (created by a migration). Its
 * hash is the SHA-256 of {@code service-account:mcp}, which is not the shape of a key, so no caller
 * can present it as one. The counter is the same conditional upsert every key is counted with, so
 * concurrent draws never pass {@link #perDay()}.
 */
public final class SharedAllowance implements SharedAllowanceUseCase {

  /** The reserved account of the tool endpoint (see the migration V8_1). */
  public static final ApiKeyHash MCP_ACCOUNT =
      new ApiKeyHash("4e998bf9c71512051fb3607d110676136ecd14f7d5b9ea706e778b9e56d66290");

  private final ApiKeyStore keys;
  private final UsageCounter usage;
  private final Clock clock;
  private final ApiKeyHash account;
  private final int perDay;

  public SharedAllowance(
      ApiKeyStore keys, UsageCounter usage, Clock clock, ApiKeyHash account, int perDay) {
    if (perDay <= 0) {
      throw new IllegalArgumentException("the shared allowance must be positive");
    }
    this.keys = keys;
    this.usage = usage;
    this.clock = clock;
    this.account = account;
    this.perDay = perDay;
  }

  @Override
  public int perDay() {
    return perDay;
  }

  @Override
  public Uni<Draw> draw() {
    return keys.findByHash(account)
        .flatMap(
            found -> {
              KeyAccount owner =
                  found.orElseThrow(
                      () ->
                          new IllegalStateException(
                              "the service account of the shared allowance is missing"));
              Instant now = clock.instant();
              DailyWindow window = DailyWindow.containing(now);
              return usage
                  .countOne(owner.id(), window.day(), perDay)
                  .map(
                      count ->
                          count instanceof UsageCounter.Count.Counted counted
                              ? (Draw)
                                  new Draw.Drawn(owner, counted.used(), perDay, window.resetsAt())
                              : new Draw.Spent(
                                  perDay, window.resetsAt(), window.secondsUntilReset(now)));
            });
  }
}
