package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase.EligibilityOutcome;
import org.walletstate.application.commerce.port.in.VerifyPassUseCase.Verify;
import org.walletstate.application.commerce.port.out.PassSigner;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.MemoryMerchantStore;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.PassScan;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.discount.Eligibility;
import org.walletstate.domain.commerce.discount.Holdings;
import org.walletstate.domain.commerce.discount.HoldingsPlan;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.RequestValue;

/**
 * Pass verification's order and charging: what the code, the pause and the discount check decide,
 * and that only a result with a discount takes a credit.
 */
class VerifyPassServiceTest {

  static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");
  static final EvmAddress WALLET = EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");
  static final long OWNER = 7;

  final MemoryMerchantStore merchants = new MemoryMerchantStore();
  PassSigner.Reading reading = new PassSigner.Reading.Valid(new InStorePass(WALLET, NOW));
  EligibilityOutcome outcome;
  int discountChecks;
  Runnable duringRead = () -> {};

  final MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(OWNER, 5);

  final PassSigner signer =
      new PassSigner() {
        @Override
        public Signed sign(InStorePass pass) {
          return new Signed("{}", "P1.x.y");
        }

        @Override
        public Reading read(String code) {
          return reading;
        }
      };

  final DiscountEligibilityUseCase discounts =
      query -> {
        discountChecks++;
        duringRead.run();
        assertThat(query.proven()).as("a pass proves its wallet").isTrue();
        return Uni.createFrom().item(outcome);
      };

  final VerifyPassService service =
      new VerifyPassService(
          signer,
          merchants,
          discounts,
          ledger,
          n -> new byte[n],
          Clock.fixed(NOW, ZoneOffset.UTC),
          Runnable::run);

  Merchant store(String id, boolean paused) {
    Merchant m =
        Merchant.create(
            CreateMerchantCommands.newMerchant(
                new RequestValue.Obj(
                    Map.of(
                        "companyName", new RequestValue.Text(id),
                        "companyId", new RequestValue.Text(id)))),
            OWNER,
            false,
            NOW);
    if (paused) {
      m =
          m.withSettings(
              new Settings(
                  Settings.DEFAULTS.discountMode(),
                  Settings.DEFAULTS.discountCap(),
                  Settings.DEFAULTS.usdcPayment(),
                  Optional.empty(),
                  Optional.empty(),
                  Optional.empty(),
                  true,
                  Optional.of(NOW)));
    }
    merchants.put(m);
    return m;
  }

  Verify scan(String merchant) {
    return service
        .verify(
            Optional.of(CompanyId.parse(merchant)),
            Optional.empty(),
            new PassScan("P1.a.b", Optional.empty()))
        .await()
        .indefinitely();
  }

  static EligibilityOutcome computed(Merchant m, int discount) {
    List<Eligibility.Earned> earned =
        discount == 0 ? List.of() : List.of(new Eligibility.Earned("ACME", "Gold", discount));
    return new EligibilityOutcome.Computed(
        m,
        Holdings.NONE,
        new Eligibility(earned, List.of(), discount, discount, true, Optional.empty()));
  }

  @Test
  void aDiscount_takesOneCreditFromTheOwnerKey_andNothingElseDoes() {
    Merchant m = store("shop-a", false);
    outcome = computed(m, 10);
    Verify.Scanned scanned = (Verify.Scanned) scan("shop-a");
    assertThat(scanned.recognized()).isTrue();
    assertThat(scanned.discount()).isEqualTo(10);
    assertThat(scanned.tier()).contains("Gold");
    assertThat(scanned.creditsCharged()).isEqualTo(1);
    assertThat(ledger.debits())
        .singleElement()
        .satisfies(d -> assertThat(d.keyId()).isEqualTo(OWNER));

    outcome = computed(m, 0);
    Verify.Scanned free = (Verify.Scanned) scan("shop-a");
    assertThat(free.recognized()).isTrue();
    assertThat(free.creditsCharged()).isZero();
    assertThat(ledger.debits()).hasSize(1);
    assertThat(ledger.refunds()).as("a scan never refunds").isEmpty();
  }

  @Test
  void aBadSignature_aStalePass_aPausedStore_andAFailedRead_areNeverCharged() {
    Merchant m = store("shop-b", false);
    outcome = computed(m, 10);
    reading = new PassSigner.Reading.Invalid("signature", Optional.of("does not match"));
    Verify.Scanned forged = (Verify.Scanned) scan("shop-b");
    assertThat(forged.recognized()).isFalse();
    assertThat(forged.reason()).contains("invalid_signature");
    assertThat(forged.wallet()).isEmpty();

    reading = new PassSigner.Reading.Stale(WALLET, "pass is 70s old");
    Verify.Scanned stale = (Verify.Scanned) scan("shop-b");
    assertThat(stale.reason()).contains("stale");
    assertThat(stale.wallet()).contains(WALLET);

    reading = new PassSigner.Reading.Invalid("code is not a pass code", Optional.empty());
    assertThat(scan("shop-b")).isInstanceOf(Verify.NotAPass.class);
    assertThat(discountChecks).as("no chain read for a pass that is not good").isZero();

    reading = new PassSigner.Reading.Valid(new InStorePass(WALLET, NOW));
    store("shop-p", true);
    Verify.Scanned paused = (Verify.Scanned) scan("shop-p");
    assertThat(paused.recognized()).isFalse();
    assertThat(paused.paused()).isTrue();
    assertThat(discountChecks).isZero();

    outcome =
        new EligibilityOutcome.RpcFailure(
            List.of(new HoldingsPlan.Failure("USDC balance", new ChainId.Evm(8453))));
    Verify unavailable = scan("shop-b");
    assertThat(unavailable).isInstanceOf(Verify.Unavailable.class);
    assertThat(((Verify.Unavailable) unavailable).chainIds()).containsExactly(8453L);
    assertThat(ledger.debits()).as("nothing charged").isEmpty();
  }

  @Test
  void noCredit_isRefusedBeforeAnyRead_andAKeyEmptiedMeanwhileDiscardsTheResult() {
    Merchant m = store("shop-c", false);
    outcome = computed(m, 10);
    ledger.withBalance(OWNER, 0);
    assertThat(scan("shop-c")).isEqualTo(new Verify.NoCredits(0));
    assertThat(discountChecks).isZero();

    ledger.withBalance(OWNER, 1);
    duringRead = () -> ledger.withBalance(OWNER, 0); // another scan spent the last credit meanwhile
    assertThat(scan("shop-c")).isEqualTo(new Verify.NoCredits(0));
    assertThat(discountChecks).isEqualTo(1);
    assertThat(ledger.balanceOf(OWNER)).isZero();
  }

  @Test
  void whoMayVerify() {
    store("shop-d", false);
    Verify other =
        service
            .verify(
                Optional.of(CompanyId.parse("shop-d")),
                Optional.empty(),
                new PassScan("P1.a.b", Optional.of(CompanyId.parse("shop-e"))))
            .await()
            .indefinitely();
    assertThat(other).isInstanceOf(Verify.Forbidden.class);
    KeyAccount stranger = new KeyAccount(99, Plan.PRO, KeyVersion.V2, 100);
    Verify notOwner =
        service
            .verify(
                Optional.empty(),
                Optional.of(stranger),
                new PassScan("P1.a.b", Optional.of(CompanyId.parse("shop-d"))))
            .await()
            .indefinitely();
    assertThat(notOwner).isInstanceOf(Verify.Forbidden.class);
    assertThat(
            service
                .verify(
                    Optional.empty(),
                    Optional.of(stranger),
                    new PassScan("P1.a.b", Optional.empty()))
                .await()
                .indefinitely())
        .isInstanceOf(Verify.MerchantRequired.class);
    assertThat(
            service
                .verify(
                    Optional.empty(),
                    Optional.of(stranger),
                    new PassScan("P1.a.b", Optional.of(CompanyId.parse("nowhere"))))
                .await()
                .indefinitely())
        .isEqualTo(new Verify.NoSuchMerchant("nowhere"));
  }
}
