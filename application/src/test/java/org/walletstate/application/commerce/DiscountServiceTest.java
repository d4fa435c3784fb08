package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.DomainVerificationServiceTest.MemoryStore;
import org.walletstate.application.commerce.EligibilityServiceTest.TableChains;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase.IssueOutcome;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.DiscountRequest;
import org.walletstate.domain.commerce.discount.DiscountWallets;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.commerce.discount.OrderLines;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payment.Payment;

/**
 * Issuing with an injected clock and in-memory ports: the per-wallet day is the UTC day the clock
 * is in; the verification is signed before anything is stored; an unsignable result or an
 * unstorable code is unavailable; a taken code text is drawn again.
 */
class DiscountServiceTest {

  static final KeyAccount OWNER = new KeyAccount(1, Plan.PRO, KeyVersion.V2, 100);

  /** A clock the test moves. */
  static final class MovableClock extends Clock {
    Instant now;

    MovableClock(String at) {
      now = Instant.parse(at);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  /** Codes in a list; the day's count and the limit as the database adapter applies them. */
  static final class MemoryCodes implements DiscountCodes {
    final List<NewCode> stored = new ArrayList<>();
    final List<String> events = new ArrayList<>();
    int takenDraws;
    boolean broken;

    @Override
    public Uni<Issue> issue(NewCode row) {
      events.add("store");
      if (broken) {
        return Uni.createFrom().failure(new IllegalStateException("database down"));
      }
      if (takenDraws > 0) {
        takenDraws--;
        return Uni.createFrom().item(new Issue.CodeTaken());
      }
      if (row.dailyLimit().isPresent()) {
        long today =
            stored.stream()
                .filter(c -> !c.code().createdAt().isBefore(row.dayStart()))
                .filter(c -> c.code().discountPercent() > 0 && !c.code().walletProven())
                .filter(c -> c.walletKeys().stream().anyMatch(row.walletKeys()::contains))
                .count();
        if (today >= row.dailyLimit().get()) {
          return Uni.createFrom().item(new Issue.DailyLimitReached(row.dailyLimit().get()));
        }
      }
      stored.add(row);
      return Uni.createFrom().item(new Issue.Issued(100 - stored.size()));
    }

    @Override
    public Uni<Optional<IssuedCode>> find(DiscountCode code) {
      return Uni.createFrom().item(Optional.empty());
    }

    @Override
    public Uni<Optional<Bound>> bound(DiscountCode code) {
      // these tests issue codes only; payment confirm runs against PostgreSQL in
      // PaymentConfirmTest
      throw new AssertionError("payment confirm is not part of these tests");
    }

    @Override
    public Uni<Use> use(DiscountCode code, Payment payment, Instant now, Instant until) {
      throw new AssertionError("payment confirm is not part of these tests");
    }
  }

  final MemoryStore merchants = new MemoryStore();
  final TableChains chains = new TableChains();
  final MemoryCodes codes = new MemoryCodes();
  final MovableClock clock = new MovableClock("2026-11-25T23:59:30Z");
  final AtomicInteger draws = new AtomicInteger();
  boolean signerBroken;

  final DiscountService service =
      new DiscountService(
          merchants,
          new EligibilityService(merchants, chains),
          statement -> {
            codes.events.add("sign");
            if (signerBroken) {
              throw new IllegalStateException("HSM away");
            }
            return "{\"discount\":{},\"sig\":\"s\",\"kid\":\"k\",\"pqSig\":\"p\",\"pqKid\":\"q\"}";
          },
          codes,
          (CreditLedger) null,
          n -> {
            byte[] b = new byte[n];
            b[0] = (byte) draws.incrementAndGet();
            return b;
          },
          clock,
          Runnable::run,
          URI.create("https://api.example.com"));

  DiscountServiceTest() {
    EligibilityServiceTest fixture = new EligibilityServiceTest();
    var m =
        fixture.merchant(
            new Settings(
                Settings.DEFAULTS.discountMode(),
                100,
                Settings.DEFAULTS.usdcPayment(),
                Optional.of(1),
                Optional.empty(),
                Optional.empty(),
                false,
                Optional.empty()));
    merchants.rows.put(m.id().key(), m);
  }

  IssueOutcome issue() {
    return service
        .issue(
            OWNER,
            new DiscountRequest(
                EligibilityServiceTest.ID,
                DiscountWallets.evm(EligibilityServiceTest.WALLET),
                Optional.empty(),
                OrderLines.NONE))
        .await()
        .indefinitely();
  }

  void holds() {
    EligibilityServiceTest fixture = new EligibilityServiceTest();
    fixture.holds(100_000_000, 0);
    chains.answers.putAll(fixture.chains.answers);
  }

  @Test
  void theDailyLimit_isTheUtcDayOfTheClock() {
    holds();
    assertThat(issue()).isInstanceOf(IssueOutcome.Issued.class);
    clock.now = Instant.parse("2026-11-25T23:59:50Z");
    IssueOutcome limited = issue();
    assertThat(limited).isInstanceOf(IssueOutcome.DailyLimit.class);
    assertThat(((IssueOutcome.DailyLimit) limited).retryAfter()).isEqualTo(10);
    assertThat(codes.stored).hasSize(1);
    assertThat(codes.stored.get(0).dayStart()).isEqualTo(Instant.parse("2026-11-25T00:00:00Z"));

    clock.now = Instant.parse("2026-11-26T00:00:05Z");
    IssueOutcome nextDay = issue();
    assertThat(nextDay).isInstanceOf(IssueOutcome.Issued.class);
    assertThat(codes.stored.get(1).dayStart()).isEqualTo(Instant.parse("2026-11-26T00:00:00Z"));
    assertThat(((IssueOutcome.Issued) nextDay).code().expiresAt())
        .isEqualTo(Instant.parse("2026-11-26T00:30:05Z"));
    assertThat(((IssueOutcome.Issued) nextDay).creditsCharged()).isEqualTo(1);
  }

  @Test
  void signedFirst_thenStored_andAFailureOfEitherIsUnavailable() {
    holds();
    issue();
    assertThat(codes.events).containsExactly("sign", "store");

    signerBroken = true;
    assertThat(issue()).isInstanceOf(IssueOutcome.Unavailable.class);
    assertThat(codes.events).containsExactly("sign", "store", "sign");

    signerBroken = false;
    codes.broken = true;
    assertThat(issue()).isInstanceOf(IssueOutcome.Unavailable.class);
    assertThat(codes.stored).hasSize(1);
  }

  @Test
  void aTakenCodeText_isDrawnAndSignedAgain() {
    holds();
    codes.takenDraws = 1;
    IssueOutcome outcome = issue();
    assertThat(outcome).isInstanceOf(IssueOutcome.Issued.class);
    assertThat(codes.events).containsExactly("sign", "store", "sign", "store");
    assertThat(draws.get()).isEqualTo(2);
    codes.takenDraws = 5;
    clock.now = clock.now.plusSeconds(86_400);
    assertThat(issue()).isInstanceOf(IssueOutcome.Unavailable.class);
  }

  @Test
  void proofDomainsAndUri_comeFromTheBaseUrl() {
    var m = merchants.rows.values().iterator().next();
    assertThat(service.proofDomains(m)).containsExactly("api.example.com");
    assertThat(service.proofUri(m)).isEqualTo("https://api.example.com/v1/merchants/cafe");
  }
}
