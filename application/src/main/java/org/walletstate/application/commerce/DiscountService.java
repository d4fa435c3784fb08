package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase.EligibilityOutcome;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase.EligibilityQuery;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.account.DailyWindow;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.DiscountRequest;
import org.walletstate.domain.commerce.discount.DiscountStatement;
import org.walletstate.domain.commerce.discount.Eligibility;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.commerce.discount.WalletProof;

/**
 * Discount codes issued ({@code verify}, ACP, UCP); {@link DiscountCodeService} reads one, {@link
 * PaymentConfirmService} confirms a code's payment.
 *
 * <p>Issuing, in the interface's order: the store (unknown 404, paused 409), the walletProof (401,
 * nothing spent), the holdings through {@link EligibilityService} (503 on an incomplete read), the
 * verification signed first (on the signing threads), then one transaction that takes the owner's
 * credit and stores the code ({@link DiscountCodes#issue}); the coupon is the caller's rendering of
 * a stored code. A code whose text an earlier code holds is drawn and signed again (at most {@link
 * #DRAWS} times).
 */
public final class DiscountService implements IssueDiscountUseCase {

  static final int DRAWS = 3;

  private static final System.Logger LOG = System.getLogger(DiscountService.class.getName());

  private final MerchantStore merchants;
  private final EligibilityService eligibility;
  private final DiscountSigner signer;
  private final DiscountCodes codes;
  private final CreditLedger ledger;
  private final Entropy entropy;
  private final Clock clock;
  private final Executor cpu;
  private final ProofScope proofScope;

  /**
   * @param baseUrl the service's public base URL: its host is a walletProof domain, and a proof's
   *     URI is {@code {baseUrl}/v1/merchants/{merchantId}}
   */
  public DiscountService(
      MerchantStore merchants,
      EligibilityService eligibility,
      DiscountSigner signer,
      DiscountCodes codes,
      CreditLedger ledger,
      Entropy entropy,
      Clock clock,
      Executor cpu,
      URI baseUrl) {
    // Same constructor shape as ScannerService's and VerifyPassService's by design: each is handed
    // only the ports it uses, and there is no logic to share.
    this.merchants = merchants;
    this.eligibility = eligibility;
    this.signer = signer;
    this.codes = codes;
    this.ledger = ledger;
    this.entropy = entropy;
    this.clock = clock;
    this.cpu = cpu;
    this.proofScope = new ProofScope(baseUrl);
  }

  // --- issuing ---------------------------------------------------------------------------------

  @Override
  public Uni<IssueOutcome> issue(KeyAccount caller, DiscountRequest request) {
    Instant started = clock.instant();
    return merchants
        .find(request.merchant())
        .flatMap(
            found -> {
              if (found.isEmpty()) {
                return done(new IssueOutcome.UnknownMerchant());
              }
              Merchant merchant = found.get();
              if (merchant.paused()) {
                return done(new IssueOutcome.Paused(merchant));
              }
              Optional<DiscountCodes.ProofNonce> nonce = Optional.empty();
              if (request.proof().isPresent()) {
                WalletProof.Verdict verdict =
                    request
                        .proof()
                        .get()
                        .check(
                            request.wallets().evm().orElseThrow(),
                            proofDomains(merchant),
                            proofUri(merchant),
                            started);
                if (verdict instanceof WalletProof.Verdict.Refused refused) {
                  return done(new IssueOutcome.ProofRefused(refused.reason()));
                }
                if (verdict instanceof WalletProof.Verdict.OtherPurpose other) {
                  return done(new IssueOutcome.ProofForOtherPurpose(other.mismatch()));
                }
                var proven = (WalletProof.Verdict.Proven) verdict;
                nonce =
                    Optional.of(
                        new DiscountCodes.ProofNonce(proven.wallet().lowercase(), proven.nonce()));
              }
              Optional<DiscountCodes.ProofNonce> proofNonce = nonce;
              EligibilityQuery query =
                  new EligibilityQuery(
                      merchant.id(),
                      request.wallets(),
                      request.proof().isPresent(),
                      request.assurance());
              return eligibility
                  .compute(merchant, query)
                  .flatMap(
                      outcome -> {
                        if (outcome instanceof EligibilityOutcome.RpcFailure failure) {
                          return done(new IssueOutcome.RpcFailure(failure.failures()));
                        }
                        var computed = (EligibilityOutcome.Computed) outcome;
                        return signAndStore(
                            new Draw(caller, request, merchant, computed, proofNonce, started, 1));
                      });
            });
  }

  /**
   * One draw of a code for an eligible request: what it is issued to and on, and its number (a
   * drawn code already taken is drawn again, up to {@link #DRAWS} times).
   */
  private record Draw(
      KeyAccount caller,
      DiscountRequest request,
      Merchant merchant,
      EligibilityOutcome.Computed computed,
      Optional<DiscountCodes.ProofNonce> nonce,
      Instant started,
      int number) {

    Draw next() {
      return new Draw(caller, request, merchant, computed, nonce, started, number + 1);
    }
  }

  private Uni<IssueOutcome> signAndStore(Draw draw) {
    KeyAccount caller = draw.caller();
    DiscountRequest request = draw.request();
    Merchant merchant = draw.merchant();
    Eligibility earned = draw.computed().eligibility();
    Instant now = clock.instant();
    DiscountCode code = DiscountCode.fromRandom(entropy.bytes(DiscountCode.LENGTH));
    IssuedCode issued = DiscountCodeRows.issued(code, merchant, earned, request.order(), now);
    var statement =
        DiscountStatement.payload(
            code,
            merchant.id(),
            request.wallets(),
            earned,
            now,
            issued.expiresAt(),
            request.assurance().isPresent(),
            draw.computed().holdings().assurances());
    // signed on the CPU pool and handed to the log without waiting; the code (and its credit) is
    // stored only once the entry is durable, and not at all when the append fails
    return orNullLogged(
            Uni.createFrom()
                .completionStage(() -> signer.submitDiscount(statement, cpu))
                .runSubscriptionOn(cpu),
            "discount verification could not be signed and logged")
        .flatMap(
            signed -> {
              if (signed == null) {
                return done(
                    new IssueOutcome.Unavailable(
                        "the verification could not be signed and logged"));
              }
              DailyWindow day = DailyWindow.containing(now);
              DiscountCodes.NewCode row =
                  DiscountCodeRows.row(
                      new DiscountCodeRows.Issue(
                          caller, request, merchant, earned, draw.nonce(), draw.started()),
                      issued,
                      signed,
                      day);
              return orNullLogged(codes.issue(row), "discount code could not be stored")
                  .flatMap(
                      stored ->
                          stored == null
                              ? done(new IssueOutcome.Unavailable("the code could not be stored"))
                              : answered(draw, issued, signed, stored, day));
            });
  }

  private Uni<IssueOutcome> answered(
      Draw draw, IssuedCode issued, String signed, DiscountCodes.Issue stored, DailyWindow day) {
    KeyAccount caller = draw.caller();
    Merchant merchant = draw.merchant();
    boolean owner = merchant.ownedBy(caller.id());
    Eligibility earned = draw.computed().eligibility();
    if (stored instanceof DiscountCodes.Issue.Issued done) {
      long charged = owner ? DiscountCodeRows.credits(draw.request(), earned) : 0;
      return remaining(caller, owner, done.ownerBalance())
          .map(
              balance ->
                  new IssueOutcome.Issued(
                      merchant, earned, issued, signed, charged, balance, false));
    }
    if (stored instanceof DiscountCodes.Issue.Replayed twin) {
      return remaining(caller, owner, twin.ownerBalance())
          .map(
              balance ->
                  new IssueOutcome.Issued(
                      merchant, earned, twin.code(), twin.signed(), 0, balance, true));
    }
    if (stored instanceof DiscountCodes.Issue.CodeTaken) {
      return draw.number() < DRAWS
          ? signAndStore(draw.next())
          : done(new IssueOutcome.Unavailable("no free code could be drawn"));
    }
    if (stored instanceof DiscountCodes.Issue.NoCredits none) {
      return done(new IssueOutcome.NoCredits(none.available()));
    }
    if (stored instanceof DiscountCodes.Issue.OwnerInactive) {
      return done(new IssueOutcome.OwnerInactive());
    }
    if (stored instanceof DiscountCodes.Issue.NonceUsed) {
      return done(
          new IssueOutcome.ProofRefused(
              "walletProof does not verify: its nonce was used before; sign a new message with a"
                  + " fresh nonce"));
    }
    Instant now = clock.instant();
    if (stored instanceof DiscountCodes.Issue.DailyLimitReached limited) {
      return done(new IssueOutcome.DailyLimit(limited.limit(), day.secondsUntilReset(now)));
    }
    return done(OtherKeyLimits.refusal(stored, now));
  }

  /** The caller's balance: the owner's after the debit, another key's as admitted (or read). */
  private Uni<Long> remaining(KeyAccount caller, boolean owner, long ownerBalance) {
    if (owner) {
      return Uni.createFrom().item(ownerBalance);
    }
    return caller.credits().isPresent()
        ? Uni.createFrom().item(caller.credits().getAsLong())
        : ledger.balance(caller.id());
  }

  /** The hosts a walletProof may name: the service's, and the store's verified website. */
  List<String> proofDomains(Merchant merchant) {
    return proofScope.domains(merchant);
  }

  String proofUri(Merchant merchant) {
    return proofScope.uri(merchant);
  }

  /**
   * {@code step}'s item, or {@code null} once its failure is logged as {@code what} with the
   * failure's type only (its message may carry data).
   */
  private static <T> Uni<T> orNullLogged(Uni<T> step, String what) {
    return step.onFailure()
        .recoverWithItem(
            e -> {
              LOG.log(System.Logger.Level.ERROR, what + ": " + e.getClass().getSimpleName());
              return null;
            });
  }

  private static Uni<IssueOutcome> done(IssueOutcome outcome) {
    return Uni.createFrom().item(outcome);
  }
}
