package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase.Draw;
import org.walletstate.application.testing.MemoryKeyAdmission;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

class SharedAllowanceTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-21T22:00:00Z"), ZoneOffset.UTC);
  private static final KeyAccount SERVICE = new KeyAccount(42, Plan.ENTERPRISE, KeyVersion.V2, 2);

  @Test
  void drawsFromTheServiceAccountsDailyCounter_upToItsLimit_thenSaysWhenItResets() {
    MemoryKeyAdmission admissions =
        new MemoryKeyAdmission().register(SharedAllowance.MCP_ACCOUNT, SERVICE);
    SharedAllowance allowance = new SharedAllowance(admissions, CLOCK, SharedAllowance.MCP_ACCOUNT);

    Draw first = allowance.draw().await().indefinitely();
    Draw second = allowance.draw().await().indefinitely();
    Draw third = allowance.draw().await().indefinitely();

    Instant reset = Instant.parse("2026-11-22T00:00:00Z");
    assertThat(first).isEqualTo(new Draw.Drawn(SERVICE, 1, 2, reset));
    assertThat(second).isEqualTo(new Draw.Drawn(SERVICE, 2, 2, reset));
    assertThat(third).isEqualTo(new Draw.Spent(2, reset, 7200));
    assertThat(admissions.counts()).containsOnlyKeys("42/2026-11-21");
  }

  @Test
  void aMissingServiceAccount_isAFault_notAnAllowance() {
    SharedAllowance allowance =
        new SharedAllowance(new MemoryKeyAdmission(), CLOCK, SharedAllowance.MCP_ACCOUNT);

    assertThatThrownBy(() -> allowance.draw().await().indefinitely())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("service account");
  }

  @Test
  void theReservedHashIsNotTheHashOfAnyPresentableKey() throws Exception {
    byte[] digest =
        MessageDigest.getInstance("SHA-256")
            .digest("service-account:mcp".getBytes(StandardCharsets.US_ASCII));
    assertThat(HexFormat.of().formatHex(digest)).isEqualTo(SharedAllowance.MCP_ACCOUNT.hex());
    assertThat(ApiKey.parse("service-account:mcp")).isEmpty();
  }
}
