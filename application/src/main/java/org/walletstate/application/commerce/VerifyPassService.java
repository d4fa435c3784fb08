package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase;
import org.walletstate.application.commerce.port.in.VerifyPassUseCase;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.commerce.port.out.PassSigner;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.PassScan;
import org.walletstate.domain.commerce.discount.DiscountWallets;
import org.walletstate.domain.commerce.discount.Eligibility;

/**
 * Verifying a pass at a till: the merchant, the owner key's credit, the code's signature and age,
 * the pause, then the discount from anchored reads (the discount check's {@link
 * DiscountEligibilityUseCase}); 1 credit is taken only for a scan that gives a discount, and never
 * when a read failed.
 */
public final class VerifyPassService implements VerifyPassUseCase {

  /** Credits one scan that gives a discount takes from the owner key. */
  public static final long SCAN_PRICE = 1;

  private final PassSigner signer;
  private final MerchantStore merchants;
  private final DiscountEligibilityUseCase discounts;
  private final CreditLedger ledger;
  private final Entropy entropy;
  private final Clock clock;
  private final Executor cpu;

  /**
   * @param cpu where passes are read (CPU work that must not hold an event loop)
   */
  public VerifyPassService(
      PassSigner signer,
      MerchantStore merchants,
      DiscountEligibilityUseCase discounts,
      CreditLedger ledger,
      Entropy entropy,
      Clock clock,
      Executor cpu) {
    // Same constructor shape as IssuePassService's and DiscountService's by design: each is handed
    // only the ports it uses, and there is no logic to share.
    this.signer = signer;
    this.merchants = merchants;
    this.discounts = discounts;
    this.ledger = ledger;
    this.entropy = entropy;
    this.clock = clock;
    this.cpu = cpu;
  }

  @Override
  public Uni<Verify> verify(
      Optional<CompanyId> session, Optional<KeyAccount> owner, PassScan scan) {
    CompanyId id;
    if (session.isPresent()) {
      id = session.get();
      if (scan.merchant().isPresent() && !scan.merchant().get().key().equals(id.key())) {
        return answer(
            new Verify.Forbidden(
                "this scanner session is for merchant " + id + ", not " + scan.merchant().get()));
      }
    } else if (scan.merchant().isPresent()) {
      id = scan.merchant().get();
    } else {
      return answer(new Verify.MerchantRequired());
    }
    return merchants
        .find(id)
        .flatMap(
            found -> {
              if (found.isEmpty()) {
                return answer(new Verify.NoSuchMerchant(id.value()));
              }
              Merchant merchant = found.get();
              if (owner.isPresent() && !merchant.ownedBy(owner.get().id())) {
                return answer(new Verify.Forbidden(OwnerAccess.NOT_OWNER + merchant.id()));
              }
              return ledger
                  .balance(merchant.ownerKeyId())
                  .flatMap(
                      balance ->
                          Uni.createFrom()
                              .item(() -> signer.read(scan.code()))
                              .runSubscriptionOn(cpu)
                              .flatMap(reading -> scan(merchant, balance, reading)));
            });
  }

  private Uni<Verify> scan(Merchant merchant, long balance, PassSigner.Reading reading) {
    if (reading instanceof PassSigner.Reading.Invalid invalid) {
      if (invalid.detail().isEmpty()) {
        return answer(new Verify.NotAPass(invalid.reason()));
      }
      return answer(
          notRecognized(
              merchant,
              "invalid_signature",
              invalid.detail(),
              Optional.empty(),
              Optional.empty(),
              balance));
    }
    if (reading instanceof PassSigner.Reading.Stale stale) {
      return answer(
          notRecognized(
              merchant,
              "stale",
              Optional.of(stale.reason()),
              Optional.of(stale.wallet()),
              Optional.empty(),
              balance));
    }
    InStorePass pass = ((PassSigner.Reading.Valid) reading).pass();
    if (merchant.paused()) {
      return answer(
          notRecognized(
              merchant,
              "paused",
              Optional.of("recognition is paused at this store"),
              Optional.of(pass.wallet()),
              Optional.of(pass),
              balance));
    }
    if (balance < SCAN_PRICE) {
      return answer(new Verify.NoCredits(balance));
    }
    return discounts
        .eligibility(
            new DiscountEligibilityUseCase.EligibilityQuery(
                merchant.id(), DiscountWallets.evm(pass.wallet()), true))
        .flatMap(outcome -> settle(merchant, pass, balance, outcome));
  }

  /**
   * The discount check's outcome for a pass: the pass proves control of its wallet, so the store's
   * limits for unproven wallets do not apply. A result with a discount takes 1 credit.
   */
  private Uni<Verify> settle(
      Merchant merchant,
      InStorePass pass,
      long balance,
      DiscountEligibilityUseCase.EligibilityOutcome outcome) {
    if (outcome instanceof DiscountEligibilityUseCase.EligibilityOutcome.RpcFailure failure) {
      return answer(
          new Verify.Unavailable(
              failure.failures().stream().<Object>map(f -> f.chain().wireValue()).toList(),
              "a holding could not be read"));
    }
    if (outcome instanceof DiscountEligibilityUseCase.EligibilityOutcome.UnknownMerchant) {
      return answer(new Verify.NoSuchMerchant(merchant.id().value()));
    }
    if (outcome instanceof DiscountEligibilityUseCase.EligibilityOutcome.Paused paused) {
      return answer(
          notRecognized(
              paused.merchant(),
              "paused",
              Optional.of("recognition is paused at this store"),
              Optional.of(pass.wallet()),
              Optional.of(pass),
              balance));
    }
    Eligibility eligibility =
        ((DiscountEligibilityUseCase.EligibilityOutcome.Computed) outcome).eligibility();
    if (!eligibility.carriesDiscount()) {
      return answer(recognized(merchant, pass, eligibility, 0, balance));
    }
    String scanId = "scan_" + HexFormat.of().formatHex(entropy.bytes(12));
    return ledger
        .debit(
            new CreditLedger.DebitRequest(
                merchant.ownerKeyId(), SCAN_PRICE, "pass-scan", scanId, scanId, clock.instant()))
        .map(
            debit -> {
              if (debit instanceof CreditLedger.Debit.Insufficient short_) {
                return (Verify) new Verify.NoCredits(short_.available());
              }
              long after =
                  debit instanceof CreditLedger.Debit.Applied applied
                      ? applied.balance()
                      : ((CreditLedger.Debit.Replayed) debit).balance();
              return recognized(merchant, pass, eligibility, SCAN_PRICE, after);
            });
  }

  /**
   * A recognized pass: {@code recognized} is true for every valid pass at a running store (the
   * wallet signed in); what it earns may be nothing.
   */
  private static Verify recognized(
      Merchant merchant, InStorePass pass, Eligibility eligibility, long charged, long remaining) {
    Optional<String> tier =
        eligibility.earned().stream()
            .max(Comparator.comparingInt(Eligibility.Earned::discount))
            .map(Eligibility.Earned::tier);
    return new Verify.Scanned(
        merchant.id(),
        true,
        false,
        Optional.empty(),
        Optional.empty(),
        Optional.of(pass.wallet()),
        Optional.of(pass),
        eligibility.discount(),
        tier,
        eligibility.earned(),
        eligibility.recognized(),
        charged,
        remaining);
  }

  private static Verify notRecognized(
      Merchant merchant,
      String reason,
      Optional<String> detail,
      Optional<EvmAddress> wallet,
      Optional<InStorePass> pass,
      long balance) {
    return new Verify.Scanned(
        merchant.id(),
        false,
        merchant.paused(),
        Optional.of(reason),
        detail,
        wallet,
        pass,
        0,
        Optional.empty(),
        List.of(),
        List.of(),
        0,
        balance);
  }

  private static Uni<Verify> answer(Verify verify) {
    return Uni.createFrom().item(verify);
  }
}
