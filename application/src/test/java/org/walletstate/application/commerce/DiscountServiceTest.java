package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase.IssueOutcome;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.testing.MemoryDiscountCodes;
import org.walletstate.application.testing.MemoryMerchantStore;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.TableChainState;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.discount.DiscountRequest;
import org.walletstate.domain.commerce.discount.DiscountWallets;
import org.walletstate.domain.commerce.discount.OrderLines;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Issuing with an injected clock and in-memory ports: the per-wallet day is the UTC day the clock
 * is in; the verification is signed before anything is stored; an unsignable result or an
 * unstorable code is unavailable; a taken code text is drawn again.
 */
class DiscountServiceTest {

  static final KeyAccount OWNER = new KeyAccount(1, Plan.PRO, KeyVersion.V2, 100);

  final MemoryMerchantStore merchants = new MemoryMerchantStore();
  final TableChainState chains = EligibilityServiceTest.chains();
  final List<String> events = new ArrayList<>();
  final MemoryDiscountCodes codes =
      new MemoryDiscountCodes().beforeEachIssue(() -> events.add("store"));
  final MovableClock clock = new MovableClock("2026-11-25T23:59:30Z");
  final AtomicInteger draws = new AtomicInteger();
  boolean signerBroken;

  final DiscountService service =
      new DiscountService(
          merchants,
          new EligibilityService(merchants, chains),
          statement -> {
            events.add("sign");
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
    merchants.put(m);
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
    EligibilityServiceTest.holds(chains, 100_000_000, 0);
  }

  @Test
  void theDailyLimit_isTheUtcDayOfTheClock() {
    holds();
    assertThat(issue()).isInstanceOf(IssueOutcome.Issued.class);
    clock.set(Instant.parse("2026-11-25T23:59:50Z"));
    IssueOutcome limited = issue();
    assertThat(limited).isInstanceOf(IssueOutcome.DailyLimit.class);
    assertThat(((IssueOutcome.DailyLimit) limited).retryAfter()).isEqualTo(10);
    assertThat(codes.stored()).hasSize(1);
    assertThat(codes.stored().get(0).dayStart()).isEqualTo(Instant.parse("2026-11-25T00:00:00Z"));

    clock.set(Instant.parse("2026-11-26T00:00:05Z"));
    IssueOutcome nextDay = issue();
    assertThat(nextDay).isInstanceOf(IssueOutcome.Issued.class);
    assertThat(codes.stored().get(1).dayStart()).isEqualTo(Instant.parse("2026-11-26T00:00:00Z"));
    assertThat(((IssueOutcome.Issued) nextDay).code().expiresAt())
        .isEqualTo(Instant.parse("2026-11-26T00:30:05Z"));
    assertThat(((IssueOutcome.Issued) nextDay).creditsCharged()).isEqualTo(1);
  }

  @Test
  void signedFirst_thenStored_andAFailureOfEitherIsUnavailable() {
    holds();
    issue();
    assertThat(events).containsExactly("sign", "store");

    signerBroken = true;
    assertThat(issue()).isInstanceOf(IssueOutcome.Unavailable.class);
    assertThat(events).containsExactly("sign", "store", "sign");

    signerBroken = false;
    codes.broken();
    assertThat(issue()).isInstanceOf(IssueOutcome.Unavailable.class);
    assertThat(codes.stored()).hasSize(1);
  }

  @Test
  void aTakenCodeText_isDrawnAndSignedAgain() {
    holds();
    codes.takenDraws(1);
    IssueOutcome outcome = issue();
    assertThat(outcome).isInstanceOf(IssueOutcome.Issued.class);
    assertThat(events).containsExactly("sign", "store", "sign", "store");
    assertThat(draws.get()).isEqualTo(2);
    codes.takenDraws(5);
    clock.advance(java.time.Duration.ofDays(1));
    assertThat(issue()).isInstanceOf(IssueOutcome.Unavailable.class);
  }

  @Test
  void proofDomainsAndUri_comeFromTheBaseUrl() {
    var m = merchants.all().get(0);
    assertThat(service.proofDomains(m)).containsExactly("api.example.com");
    assertThat(service.proofUri(m)).isEqualTo("https://api.example.com/v1/merchants/cafe");
  }
}
