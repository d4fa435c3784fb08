package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.UsageCounter;
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

  /** In-memory keys: one known key. */
  private static final class Keys implements ApiKeyStore {
    @Override
    public Uni<FreeKeyCreation> createFreeKey(NewFreeKey key) {
      throw new UnsupportedOperationException("not used here");
    }

    @Override
    public Uni<Optional<KeyAccount>> findByHash(ApiKeyHash hash) {
      return Uni.createFrom().item(Optional.of(ACCOUNT).filter(a -> hash.equals(KEY.hash())));
    }
  }

  /** In-memory usage: counts per key and day, up to the limit. */
  private static final class Usage implements UsageCounter {
    final Map<String, Integer> counts = new HashMap<>();

    @Override
    public Uni<Count> countOne(long keyId, LocalDate day, int limit) {
      String k = keyId + "/" + day;
      int used = counts.getOrDefault(k, 0);
      if (used >= limit) {
        return Uni.createFrom().item(new Count.LimitReached());
      }
      counts.put(k, used + 1);
      return Uni.createFrom().item(new Count.Counted(used + 1));
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
    Usage usage = new Usage();
    Authenticate authenticate = new Authenticate(new Keys(), usage, CLOCK);

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
    Authenticate authenticate = new Authenticate(new Keys(), new Usage(), CLOCK);
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
}
