package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase.IssueOutcome;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.StatementLog;
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
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;

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
  final List<PayloadValue.Obj> statements = new ArrayList<>();
  boolean signerBroken;

  final DiscountService service =
      service(
          statement -> {
            events.add("sign");
            statements.add(statement);
            if (signerBroken) {
              throw new IllegalStateException("HSM away");
            }
            return SIGNED;
          });

  static final String SIGNED =
      "{\"discount\":{},\"sig\":\"s\",\"kid\":\"k\",\"pqSig\":\"p\",\"pqKid\":\"q\"}";

  DiscountService service(DiscountSigner signer) {
    return new DiscountService(
        merchants,
        new EligibilityService(merchants, chains),
        signer,
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
  }

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

  IssueOutcome issue(Optional<Assurance> assurance) {
    return service
        .issue(
            OWNER,
            new DiscountRequest(
                EligibilityServiceTest.ID,
                DiscountWallets.evm(EligibilityServiceTest.WALLET),
                Optional.empty(),
                OrderLines.NONE,
                assurance))
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
  void aQuorumCode_signsEveryChainsReadAssuranceLast_andCostsTheOwnerTwoCreditsOnce() {
    holds();
    chains.quorumOf(EligibilityServiceTest.BASE, 2, 3);
    var issued = (IssueOutcome.Issued) issue(Optional.of(Assurance.QUORUM));
    assertThat(issued.creditsCharged()).isEqualTo(2);
    assertThat(codes.stored()).singleElement().extracting(c -> c.credits()).isEqualTo(2L);
    PayloadValue.Obj statement = statements.get(0);
    assertThat(List.copyOf(statement.members().keySet()))
        .endsWith("createdAt", "expiresAt", "readAssurance");
    assertThat(statement.get("readAssurance"))
        .isEqualTo(PayloadValue.array(List.of(assurance(1, 2, 2), assurance(8453, 2, 3))));
  }

  private static PayloadValue assurance(long chain, int providers, int of) {
    return PayloadValue.objectBuilder()
        .put("chainId", PayloadValue.number(chain))
        .put("mode", "quorum")
        .put("providers", providers)
        .put("of", of)
        .build();
  }

  @Test
  void withoutTheOption_theStatementSignsNoReadAssurance_andCostsOneCredit() {
    holds();
    var issued = (IssueOutcome.Issued) issue(Optional.empty());
    assertThat(issued.creditsCharged()).isEqualTo(1);
    assertThat(statements.get(0).members()).doesNotContainKey("readAssurance");
    assertThat(List.copyOf(statements.get(0).members().keySet())).endsWith("expiresAt");
  }

  @Test
  void providersThatDisagree_signNothing_storeNothing() {
    holds();
    chains.disagreeing(EligibilityServiceTest.MAINNET);
    IssueOutcome outcome = issue(Optional.of(Assurance.QUORUM));
    assertThat(outcome).isInstanceOf(IssueOutcome.RpcFailure.class);
    assertThat(((IssueOutcome.RpcFailure) outcome).failures())
        .extracting(f -> f.message())
        .containsExactly(ChainObservation.HeadUnavailable.DISAGREED);
    assertThat(events).isEmpty();
    assertThat(codes.stored()).isEmpty();
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

  /** A signer whose appends wait for {@code gate} and then fail with {@code failure}, if any. */
  DiscountSigner appendingAfter(CompletableFuture<Void> gate, RuntimeException failure) {
    return new DiscountSigner() {
      @Override
      public String signDiscount(PayloadValue.Obj discount) {
        throw new AssertionError("the blocking signer is not used");
      }

      @Override
      public CompletionStage<String> submitDiscount(PayloadValue.Obj discount, Executor finishing) {
        events.add("sign");
        return gate.thenApplyAsync(
            opened -> {
              events.add("logged");
              if (failure != null) {
                throw failure;
              }
              return SIGNED;
            },
            finishing);
      }
    };
  }

  @Test
  void theCodeIsStoredOnlyOnceTheAppendIsDurable_andAFailedAppendStoresAndChargesNothing()
      throws Exception {
    holds();
    CompletableFuture<Void> gate = new CompletableFuture<>();
    CompletableFuture<IssueOutcome> answer =
        service(appendingAfter(gate, null))
            .issue(
                OWNER,
                new DiscountRequest(
                    EligibilityServiceTest.ID,
                    DiscountWallets.evm(EligibilityServiceTest.WALLET),
                    Optional.empty(),
                    OrderLines.NONE))
            .subscribeAsCompletionStage();
    // signed and handed over; nothing stored while the append is held, and no thread waits
    assertThat(events).containsExactly("sign");
    assertThat(answer).isNotDone();
    assertThat(codes.stored()).isEmpty();
    gate.complete(null);
    assertThat(answer.get(10, TimeUnit.SECONDS)).isInstanceOf(IssueOutcome.Issued.class);
    assertThat(events).containsExactly("sign", "logged", "store");

    events.clear();
    IssueOutcome failed =
        service(appendingAfter(gate, new StatementLog.Unavailable("the log's store is down")))
            .issue(
                OWNER,
                new DiscountRequest(
                    EligibilityServiceTest.ID,
                    DiscountWallets.evm(EligibilityServiceTest.WALLET),
                    Optional.empty(),
                    OrderLines.NONE))
            .await()
            .indefinitely();
    assertThat(failed)
        .isEqualTo(new IssueOutcome.Unavailable("the verification could not be signed and logged"));
    assertThat(events).containsExactly("sign", "logged");
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
