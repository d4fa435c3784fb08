package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase.Draw;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.application.port.out.UsageCounter;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

class SharedAllowanceTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-21T22:00:00Z"), ZoneOffset.UTC);
  private static final KeyAccount SERVICE = new KeyAccount(42, Plan.ENTERPRISE, KeyVersion.V2, 1);

  private static ApiKeyStore keys(Optional<KeyAccount> reserved) {
    return new ApiKeyStore() {
      @Override
      public Uni<FreeKeyCreation> createFreeKey(NewFreeKey key) {
        throw new UnsupportedOperationException("not used here");
      }

      @Override
      public Uni<Optional<KeyAccount>> findByHash(ApiKeyHash hash) {
        return Uni.createFrom()
            .item(hash.equals(SharedAllowance.MCP_ACCOUNT) ? reserved : Optional.empty());
      }
    };
  }

  /** Counts per key and day up to the limit it is given. */
  private static final class Usage implements UsageCounter {
    final Map<String, Integer> counts = new HashMap<>();
    int lastLimit;

    @Override
    public Uni<Count> countOne(long keyId, LocalDate day, int limit) {
      lastLimit = limit;
      String k = keyId + "/" + day;
      int used = counts.getOrDefault(k, 0);
      if (used >= limit) {
        return Uni.createFrom().item(new Count.LimitReached());
      }
      counts.put(k, used + 1);
      return Uni.createFrom().item(new Count.Counted(used + 1));
    }
  }

  @Test
  void drawsFromTheServiceAccountsCounter_atTheConfiguredAllowance_thenSaysWhenItResets() {
    Usage usage = new Usage();
    SharedAllowance allowance =
        new SharedAllowance(
            keys(Optional.of(SERVICE)), usage, CLOCK, SharedAllowance.MCP_ACCOUNT, 2);

    Draw first = allowance.draw().await().indefinitely();
    Draw second = allowance.draw().await().indefinitely();
    Draw third = allowance.draw().await().indefinitely();

    assertThat(first)
        .isEqualTo(new Draw.Drawn(SERVICE, 1, 2, Instant.parse("2026-11-22T00:00:00Z")));
    assertThat(((Draw.Drawn) second).used()).isEqualTo(2);
    assertThat(third).isEqualTo(new Draw.Spent(2, Instant.parse("2026-11-22T00:00:00Z"), 7200));
    assertThat(usage.lastLimit).as("the configured allowance, not the row's limit").isEqualTo(2);
    assertThat(usage.counts).containsOnlyKeys("42/2026-11-21");
  }

  @Test
  void aMissingServiceAccount_isAFault_notAnAllowance() {
    SharedAllowance allowance =
        new SharedAllowance(
            keys(Optional.empty()), new Usage(), CLOCK, SharedAllowance.MCP_ACCOUNT, 5);

    assertThatThrownBy(() -> allowance.draw().await().indefinitely())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("service account");
  }

  @Test
  void theReservedHashIsNotTheHashOfAnyPresentableKey() throws Exception {
    byte[] digest =
        java.security.MessageDigest.getInstance("SHA-256")
            .digest("service-account:mcp".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    assertThat(java.util.HexFormat.of().formatHex(digest))
        .isEqualTo(SharedAllowance.MCP_ACCOUNT.hex());
    assertThat(org.walletstate.domain.account.ApiKey.parse("service-account:mcp")).isEmpty();
    assertThatThrownBy(
            () ->
                new SharedAllowance(
                    keys(Optional.of(SERVICE)), new Usage(), CLOCK, SharedAllowance.MCP_ACCOUNT, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
