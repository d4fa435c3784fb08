package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.MemoryKeyAdmission;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

class AuthenticateAndMeteringTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-21T22:00:00Z"), ZoneOffset.UTC);
  private static final ApiKey KEY = ApiKey.fromRandom(new byte[20]);
  private static final KeyAccount ACCOUNT = new KeyAccount(7, Plan.FREE, KeyVersion.V2, 2);

  private static MemoryKeyAdmission admissions() {
    return new MemoryKeyAdmission().register(KEY.hash(), ACCOUNT);
  }

  @Test
  void aKnownKeyIsCountedAndAnUnknownOneIsNot() {
    MemoryKeyAdmission usage = admissions();
    Authenticate authenticate = new Authenticate(usage, CLOCK);

    var known = authenticate.apiKey(KEY.reveal()).await().indefinitely();
    var unknown = authenticate.apiKey("svc_live_" + "1".repeat(40)).await().indefinitely();
    var malformed = authenticate.apiKey("not a key").await().indefinitely();

    assertThat(known).isInstanceOf(AuthenticateUseCase.Outcome.Authenticated.class);
    assertThat(((AuthenticateUseCase.Outcome.Authenticated) known).usage().remaining())
        .isEqualTo(1);
    assertThat(unknown).isInstanceOf(AuthenticateUseCase.Outcome.Unknown.class);
    assertThat(malformed).isInstanceOf(AuthenticateUseCase.Outcome.Unknown.class);
    assertThat(usage.counts()).containsExactly(Map.entry("7/2026-11-21", 1));
  }

  @Test
  void pastTheDailyLimitTheCallerLearnsWhenItResets() {
    Authenticate authenticate = new Authenticate(admissions(), CLOCK);
    authenticate.apiKey(KEY.reveal()).await().indefinitely();
    authenticate.apiKey(KEY.reveal()).await().indefinitely();
    var third = authenticate.apiKey(KEY.reveal()).await().indefinitely();
    assertThat(third).isInstanceOf(AuthenticateUseCase.Outcome.LimitReached.class);
    assertThat(((AuthenticateUseCase.Outcome.LimitReached) third).retryAfterSeconds())
        .isEqualTo(7200);
  }

  @Test
  void meteringRefusesBeforeWorkWhenShortAndChargesOnlyWhenAsked() {
    MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(ACCOUNT.id(), 1);
    Metering metering = new Metering(ledger, CLOCK);
    CreditPrice withProof = new CreditPrice(2, 1);

    assertThat(metering.check(ACCOUNT, withProof).await().indefinitely())
        .isEqualTo(new Metering.Affordability.Short(1, 2));
    assertThat(ledger.balanceOf(ACCOUNT.id())).isEqualTo(1);
    assertThat(metering.check(ACCOUNT, new CreditPrice(1, 0)).await().indefinitely())
        .isEqualTo(new Metering.Affordability.Affordable(1));
    assertThat(ledger.balanceOf(ACCOUNT.id())).isEqualTo(1);
  }

  @Test
  void aBalanceReadAtAdmissionDecidesWithoutAskingTheLedger() {
    MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(ACCOUNT.id(), 100);
    Metering metering = new Metering(ledger, CLOCK);
    KeyAccount admitted = new KeyAccount(7, Plan.FREE, KeyVersion.V2, 2, OptionalLong.of(1));

    // the admission's snapshot (1), not the ledger's balance (100), answers the check
    assertThat(metering.check(admitted, new CreditPrice(2, 1)).await().indefinitely())
        .isEqualTo(new Metering.Affordability.Short(1, 2));
    assertThat(metering.check(admitted, new CreditPrice(1, 0)).await().indefinitely())
        .isEqualTo(new Metering.Affordability.Affordable(1));
  }
}
