package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.mutiny.Uni;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase.Draw;
import org.walletstate.application.port.out.KeyAdmission;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

class SharedAllowanceTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-21T22:00:00Z"), ZoneOffset.UTC);
  private static final KeyAccount SERVICE = new KeyAccount(42, Plan.ENTERPRISE, KeyVersion.V2, 2);

  /** Admission of the reserved account only, counted per day up to its daily limit. */
  private static final class Admissions implements KeyAdmission {
    final Map<String, Integer> counts = new HashMap<>();
    final boolean present;

    Admissions(boolean present) {
      this.present = present;
    }

    @Override
    public Uni<Admission> admit(ApiKeyHash hash, LocalDate day) {
      if (!present || !hash.equals(SharedAllowance.MCP_ACCOUNT)) {
        return Uni.createFrom().item(new Admission.Unknown());
      }
      return admit(SERVICE.id(), day);
    }

    @Override
    public Uni<Admission> admit(long keyId, LocalDate day) {
      String k = keyId + "/" + day;
      int used = counts.getOrDefault(k, 0);
      if (used >= SERVICE.dailyLimit()) {
        return Uni.createFrom().item(new Admission.LimitReached(SERVICE));
      }
      counts.put(k, used + 1);
      return Uni.createFrom().item(new Admission.Counted(SERVICE, used + 1));
    }
  }

  @Test
  void drawsFromTheServiceAccountsDailyCounter_upToItsLimit_thenSaysWhenItResets() {
    Admissions admissions = new Admissions(true);
    SharedAllowance allowance = new SharedAllowance(admissions, CLOCK, SharedAllowance.MCP_ACCOUNT);

    Draw first = allowance.draw().await().indefinitely();
    Draw second = allowance.draw().await().indefinitely();
    Draw third = allowance.draw().await().indefinitely();

    Instant reset = Instant.parse("2026-11-22T00:00:00Z");
    assertThat(first).isEqualTo(new Draw.Drawn(SERVICE, 1, 2, reset));
    assertThat(second).isEqualTo(new Draw.Drawn(SERVICE, 2, 2, reset));
    assertThat(third).isEqualTo(new Draw.Spent(2, reset, 7200));
    assertThat(admissions.counts).containsOnlyKeys("42/2026-11-21");
  }

  @Test
  void aMissingServiceAccount_isAFault_notAnAllowance() {
    SharedAllowance allowance =
        new SharedAllowance(new Admissions(false), CLOCK, SharedAllowance.MCP_ACCOUNT);

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
