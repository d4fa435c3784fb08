package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.KeyAdmission;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

class AuthenticateAndMeteringTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-21T22:00:00Z"), ZoneOffset.UTC);
  private static final ApiKey KEY = ApiKey.fromRandom(new byte[20]);
  private static final KeyAccount ACCOUNT = new KeyAccount(7, Plan.FREE, KeyVersion.V2, 2);

  /** In-memory admission: one known key, counts per key and day up to its limit. */
  private static final class Admissions implements KeyAdmission {
    final Map<String, Integer> counts = new HashMap<>();

    @Override
    public Uni<Admission> admit(ApiKeyHash hash, LocalDate day) {
      if (!hash.equals(KEY.hash())) {
        return Uni.createFrom().item(new Admission.Unknown());
      }
      return admit(ACCOUNT.id(), day);
    }

    @Override
    public Uni<Admission> admit(long keyId, LocalDate day) {
      if (keyId != ACCOUNT.id()) {
        return Uni.createFrom().item(new Admission.Unknown());
      }
      String k = ACCOUNT.id() + "/" + day;
      int used = counts.getOrDefault(k, 0);
      if (used >= ACCOUNT.dailyLimit()) {
        return Uni.createFrom().item(new Admission.LimitReached(ACCOUNT));
      }
      counts.put(k, used + 1);
      return Uni.createFrom().item(new Admission.Counted(ACCOUNT, used + 1));
    }
  }

  /** In-memory ledger with a fixed balance. */
  private static final class Ledger implements CreditLedger {
    long balance;

    Ledger(long balance) {
      this.balance = balance;
    }

    @Override
    public Uni<Long> balance(long keyId) {
      return Uni.createFrom().item(balance);
    }

    @Override
    public Uni<Debit> debit(DebitRequest request) {
      if (balance < request.credits()) {
        return Uni.createFrom().item(new Debit.Insufficient(balance, request.credits()));
      }
      balance -= request.credits();
      return Uni.createFrom().item(new Debit.Applied(1, balance));
    }

    @Override
    public Uni<Refund> refund(RefundRequest request) {
      balance += request.credits();
      return Uni.createFrom().item(new Refund.Applied(2, balance));
    }
  }

  @Test
  void aKnownKeyIsCountedAndAnUnknownOneIsNot() {
    Admissions usage = new Admissions();
    Authenticate authenticate = new Authenticate(usage, CLOCK);

    var known = authenticate.apiKey(KEY.reveal()).await().indefinitely();
    var unknown = authenticate.apiKey("svc_live_" + "1".repeat(40)).await().indefinitely();
    var malformed = authenticate.apiKey("not a key").await().indefinitely();

    assertThat(known).isInstanceOf(AuthenticateUseCase.Outcome.Authenticated.class);
    assertThat(((AuthenticateUseCase.Outcome.Authenticated) known).usage().remaining())
        .isEqualTo(1);
    assertThat(unknown).isInstanceOf(AuthenticateUseCase.Outcome.Unknown.class);
    assertThat(malformed).isInstanceOf(AuthenticateUseCase.Outcome.Unknown.class);
    assertThat(usage.counts).containsExactly(Map.entry("7/2026-11-21", 1));
  }

  @Test
  void pastTheDailyLimitTheCallerLearnsWhenItResets() {
    Authenticate authenticate = new Authenticate(new Admissions(), CLOCK);
    authenticate.apiKey(KEY.reveal()).await().indefinitely();
    authenticate.apiKey(KEY.reveal()).await().indefinitely();
    var third = authenticate.apiKey(KEY.reveal()).await().indefinitely();
    assertThat(third).isInstanceOf(AuthenticateUseCase.Outcome.LimitReached.class);
    assertThat(((AuthenticateUseCase.Outcome.LimitReached) third).retryAfterSeconds())
        .isEqualTo(7200);
  }

  @Test
  void meteringRefusesBeforeWorkWhenShortAndChargesOnlyWhenAsked() {
    Ledger ledger = new Ledger(1);
    Metering metering = new Metering(ledger, CLOCK);
    CreditPrice withProof = new CreditPrice(2, 1);

    assertThat(metering.check(ACCOUNT, withProof).await().indefinitely())
        .isEqualTo(new Metering.Affordability.Short(1, 2));
    assertThat(ledger.balance).isEqualTo(1);
    assertThat(metering.check(ACCOUNT, new CreditPrice(1, 0)).await().indefinitely())
        .isEqualTo(new Metering.Affordability.Affordable(1));
    assertThat(ledger.balance).isEqualTo(1);
  }

  @Test
  void aBalanceReadAtAdmissionDecidesWithoutAskingTheLedger() {
    Ledger ledger = new Ledger(100);
    Metering metering = new Metering(ledger, CLOCK);
    KeyAccount admitted = new KeyAccount(7, Plan.FREE, KeyVersion.V2, 2, OptionalLong.of(1));

    // the admission's snapshot (1), not the ledger's balance (100), answers the check
    assertThat(metering.check(admitted, new CreditPrice(2, 1)).await().indefinitely())
        .isEqualTo(new Metering.Affordability.Short(1, 2));
    assertThat(metering.check(admitted, new CreditPrice(1, 0)).await().indefinitely())
        .isEqualTo(new Metering.Affordability.Affordable(1));
  }
}
