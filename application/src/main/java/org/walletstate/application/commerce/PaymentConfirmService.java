package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.walletstate.application.commerce.port.in.ConfirmCodePaymentUseCase;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.UsdcPayment;
import org.walletstate.domain.commerce.discount.CodePayment;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payload.Timestamps;
import org.walletstate.domain.payment.Payment;

/**
 * Confirms a code's payment ({@link ConfirmCodePaymentUseCase}), in this order, each refusal
 * recording nothing: the code (404); the calling key, the store's owner or the code's issuer (403);
 * the store's USDC address for the chain's family (409); the total bound at issue (409 without one,
 * 400 for another amount); the grace window (409); the transfer on chain (400, 503); its block time
 * against the code's creation and expiry (400, 409); its sender, the code's proven wallet or the
 * signer of the {@code payerProof} (403); then the code is marked used once ({@link
 * DiscountCodes#use}: 409 when used by another payment, or the transaction confirmed another code).
 */
public final class PaymentConfirmService implements ConfirmCodePaymentUseCase {

  private final DiscountCodes codes;
  private final MerchantStore merchants;
  private final VerifyPaymentUseCase payments;
  private final Clock clock;
  private final String host;

  // Same constructor shape as DiscountService's and ScannerService's by design: each is handed only
  // the ports it uses, and there is no logic to share.
  /**
   * @param baseUrl the service's public base URL: its host (and port) is the one a payer proof
   *     names
   */
  public PaymentConfirmService(
      DiscountCodes codes,
      MerchantStore merchants,
      VerifyPaymentUseCase payments,
      Clock clock,
      URI baseUrl) {
    this.codes = codes;
    this.merchants = merchants;
    this.payments = payments;
    this.clock = clock;
    this.host =
        baseUrl.getPort() > 0 ? baseUrl.getHost() + ":" + baseUrl.getPort() : baseUrl.getHost();
  }

  // The same read-then-answer shape as CreateMerchantService.create by design; the reads and
  // answers differ.
  @Override
  public Uni<Confirmation> confirm(KeyAccount caller, CodePayment request) {
    return codes
        .bound(request.code())
        .flatMap(
            found -> {
              if (found.isEmpty()) {
                return done(new Confirmation.UnknownCode());
              }
              DiscountCodes.Bound bound = found.get();
              return merchants
                  .find(bound.code().merchantId())
                  .flatMap(merchant -> checked(caller, request, bound, merchant));
            });
  }

  private Uni<Confirmation> checked(
      KeyAccount caller, CodePayment request, DiscountCodes.Bound bound, Optional<Merchant> store) {
    IssuedCode code = bound.code();
    boolean owner = store.map(m -> m.ownedBy(caller.id())).orElse(false);
    if (!owner && caller.id() != bound.issuerKeyId() && caller.id() != bound.ownerKeyId()) {
      return done(new Confirmation.NotYourCode());
    }
    Optional<WalletAddress> receiver = receiver(request, code, store);
    if (receiver.isEmpty()) {
      return done(new Confirmation.NoUsdcPayment(noAddress(request, code, store)));
    }
    if (code.discountedTotal().isEmpty()) {
      return done(new Confirmation.NoTotal());
    }
    BigDecimal due = BigDecimal.valueOf(code.discountedTotal().getAsLong(), 2);
    BigDecimal declared = request.claim().declaredUsd().orElseThrow();
    if (declared.compareTo(due) != 0) {
      return done(
          new Confirmation.NotAPayment(
              "amount "
                  + declared.toPlainString()
                  + " is not the code's discounted total "
                  + due.toPlainString()
                  + " USDC"));
    }
    Instant until = code.expiresAt().plus(GRACE);
    if (code.usedAt().isEmpty() && !clock.instant().isBefore(until)) {
      return done(
          new Confirmation.Expired(code, "its confirm grace ended at " + Timestamps.iso(until)));
    }
    // Dispatches a verification as ClaimedPayments.claim does by design: each maps it to its own
    // answers.
    return payments
        .verifyUsdcTo(request.claim(), receiver.get())
        .flatMap(
            verification -> {
              if (verification instanceof Verification.NotAPayment no) {
                return done(new Confirmation.NotAPayment(no.reason()));
              }
              if (verification instanceof Verification.Unavailable down) {
                return done(new Confirmation.Unavailable(down));
              }
              Payment payment = ((Verification.Verified) verification).payment();
              Optional<Confirmation> refused = bindingProblem(request, bound, payment);
              return refused.isPresent() ? done(refused.get()) : use(request, payment, until);
            });
  }

  /** The store's address on the chain's family, when it takes USDC there. */
  private static Optional<WalletAddress> receiver(
      CodePayment request, IssuedCode code, Optional<Merchant> store) {
    if (store.isEmpty() || !store.get().settings().usdcPayment().enabled()) {
      return Optional.empty();
    }
    UsdcPayment usdc = store.get().settings().usdcPayment();
    ChainFamily family = request.claim().chain().family();
    if (family == ChainFamily.EVM) {
      return usdc.evmAddress().map(EvmAddress::of);
    }
    if (family == ChainFamily.SOLANA) {
      return usdc.solanaAddress().map(SolanaAddress::of);
    }
    return Optional.empty();
  }

  private static String noAddress(CodePayment request, IssuedCode code, Optional<Merchant> store) {
    if (store.isEmpty() || !store.get().settings().usdcPayment().enabled()) {
      return "merchant " + code.merchantId() + " does not take USDC payments";
    }
    ChainFamily family = request.claim().chain().family();
    if (family != ChainFamily.EVM && family != ChainFamily.SOLANA) {
      return "payments on "
          + request.claim().chain().id()
          + " cannot confirm a code; pay in USDC on an EVM payment chain or Solana";
    }
    return "merchant "
        + code.merchantId()
        + " has no "
        + (family == ChainFamily.EVM ? "EVM" : "Solana")
        + " address for USDC payments";
  }

  /**
   * Why {@code payment} cannot confirm the code: its block time (whole seconds) is not later than
   * the second the code was created in, or later than its expiry; or it is not shown to come from
   * the code's customer.
   */
  private Optional<Confirmation> bindingProblem(
      CodePayment request, DiscountCodes.Bound bound, Payment payment) {
    IssuedCode code = bound.code();
    if (payment.minedAt().isEmpty()) {
      return Optional.of(
          new Confirmation.NotAPayment("the chain gave no time for the transaction's block"));
    }
    Instant mined = payment.minedAt().get();
    Instant created = code.createdAt().truncatedTo(ChronoUnit.SECONDS);
    if (!mined.isAfter(created)) {
      return Optional.of(
          new Confirmation.NotAPayment(
              "transaction "
                  + payment.hash()
                  + " was mined at "
                  + Timestamps.iso(mined)
                  + ", not after the second the code was created in ("
                  + Timestamps.iso(code.createdAt())
                  + "); only a payment made for this code confirms it"));
    }
    if (mined.isAfter(code.expiresAt())) {
      return Optional.of(
          new Confirmation.Expired(
              code, "transaction " + payment.hash() + " was mined after it expired"));
    }
    return payerProblem(request, bound, payment).map(Confirmation.NotThePayer::new);
  }

  /** Why {@code payment}'s sender is not shown to be the code's customer; empty when it is. */
  private Optional<String> payerProblem(
      CodePayment request, DiscountCodes.Bound bound, Payment payment) {
    if (bound.code().usedAt().isPresent()) {
      return Optional.empty(); // used: a replay of its payment answers the same, any other is 409
    }
    if (bound.code().walletProven()) {
      String wallet = bound.evmWallet().orElse("");
      boolean same = payment.sender() instanceof EvmAddress evm && evm.lowercase().equals(wallet);
      return same
          ? Optional.empty()
          : Optional.of(
              "the code was issued to the proven wallet "
                  + wallet
                  + "; only a payment from that wallet confirms it, and "
                  + payment.hash()
                  + " was sent by "
                  + payment.sender().text());
    }
    if (request.payerProof().isEmpty()) {
      return Optional.of(
          "the code was issued without a proven wallet: send payerProof, signed by the"
              + " payment's sender "
              + payment.sender().text());
    }
    return request.payerProof().get().problem(host, request.code(), payment, clock.instant());
  }

  private Uni<Confirmation> use(CodePayment request, Payment payment, Instant until) {
    return codes
        .use(request.code(), payment, clock.instant(), until)
        .map(
            use -> {
              if (use instanceof DiscountCodes.Use.Used used) {
                return new Confirmation.Confirmed(used.code(), payment, false);
              }
              if (use instanceof DiscountCodes.Use.Replayed replayed) {
                return new Confirmation.Confirmed(replayed.code(), payment, true);
              }
              if (use instanceof DiscountCodes.Use.Expired expired) {
                return new Confirmation.Expired(
                    expired.code(), "its confirm grace ended at " + Timestamps.iso(until));
              }
              if (use instanceof DiscountCodes.Use.AlreadyUsed used) {
                return new Confirmation.AlreadyUsed(used.code());
              }
              if (use instanceof DiscountCodes.Use.PaymentTaken) {
                return new Confirmation.PaymentTaken();
              }
              return (Confirmation) new Confirmation.UnknownCode();
            });
  }

  private static Uni<Confirmation> done(Confirmation outcome) {
    return Uni.createFrom().item(outcome);
  }
}
