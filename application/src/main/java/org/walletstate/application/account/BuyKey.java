package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.Optional;
import org.walletstate.application.account.port.in.BuyKeyUseCase;
import org.walletstate.application.payment.ClaimedPayments;
import org.walletstate.application.payment.PayerBinding;
import org.walletstate.application.payment.PayerBinding.Verdict;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.port.out.AccessPasses;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.PassMints;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.domain.account.AccessPassState;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.KeyDelivery;
import org.walletstate.domain.account.KeyPurchaseRequest;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payment.CreditRate;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.payer.ClaimPurpose;

/**
 * Sells a key: verifies the payment, judges whether the caller is its payer ({@link PayerBinding}:
 * a key string goes only to a proven sender or an intent's holder), stores the key under the
 * sender's wallet with the credits at the volume rate (and, on EVM, a pending pass mint) in one
 * transaction, then mints the pass. A mint that fails or is slow stays pending for {@link
 * RetryPassMints}, and the key is returned.
 */
public final class BuyKey implements BuyKeyUseCase {

  /** Bought keys start on the free plan's daily limit; plans move as docs/billing.md says. */
  static final Plan BOUGHT_KEY_PLAN = Plan.FREE;

  private final ClaimedPayments claims;
  private final Purchases purchases;
  private final AccessPasses passes;
  private final PassMints mints;
  private final Entropy entropy;
  private final Clock clock;

  public BuyKey(
      VerifyPaymentUseCase payments,
      PayerBinding payers,
      Purchases purchases,
      AccessPasses passes,
      PassMints mints,
      Entropy entropy,
      Clock clock) {
    // Same constructor shape as WalletSignIn's and AttestService's by design: each is handed only
    // the ports it uses, and there is no logic to share.
    this.claims = new ClaimedPayments(payments, payers);
    this.purchases = purchases;
    this.passes = passes;
    this.mints = mints;
    this.entropy = entropy;
    this.clock = clock;
  }

  @Override
  public Uni<Outcome> buy(KeyPurchaseRequest request) {
    return claims
        .claim(
            request.payment(), request.payer(), new ClaimPurpose.KeysBuy(request.appName().value()))
        .flatMap(
            claim -> {
              if (claim instanceof ClaimedPayments.Claim.Refused refused) {
                return done(new Outcome.Refused(refused.refusal()));
              }
              var claimed = (ClaimedPayments.Claim.Claimed) claim;
              return claimed(request, claimed.payment(), claimed.verdict());
            });
  }

  /**
   * Who may have the key: a proven sender or an intent's holder; without either only the EVM wallet
   * delivery, whose key is reached by signing in as the sender.
   */
  private Uni<Outcome> claimed(KeyPurchaseRequest request, Payment payment, Verdict verdict) {
    boolean walletPath =
        payment.sender() instanceof EvmAddress && request.delivery() == KeyDelivery.WALLET;
    if (verdict instanceof Verdict.Unproven && !walletPath) {
      return done(
          new Outcome.Refused(
              new PurchaseRefusal.PayerRefused(payment, proofNeeded(request, payment))));
    }
    Optional<String> intent =
        verdict instanceof Verdict.ByIntent byIntent
            ? Optional.of(byIntent.intentId())
            : Optional.empty();
    return store(request, payment, intent, !(verdict instanceof Verdict.Unproven));
  }

  private static String proofNeeded(KeyPurchaseRequest request, Payment payment) {
    String sender = payment.sender().text();
    return (payment.sender() instanceof EvmAddress
            ? "keyDelivery " + request.delivery().wireName() + " hands the key string to the caller"
            : "a purchase on " + payment.chain() + " hands the key string to the caller")
        + ", so the caller must show it paid: send senderProof (the claim message signed by "
        + sender
        + ") or pay through a paymentIntent"
        + (payment.sender() instanceof EvmAddress
            ? ", or buy with keyDelivery wallet and sign in as " + sender
            : "");
  }

  private Uni<Outcome> store(
      KeyPurchaseRequest request, Payment payment, Optional<String> intent, boolean proven) {
    ApiKey key = ApiKey.fromRandom(entropy.bytes(20));
    long credits = CreditRate.VOLUME.credits(payment.usd());
    // a key claimed with an intent gets no wallet: its sender may be an exchange's
    Optional<EvmAddress> evmSender =
        payment.sender() instanceof EvmAddress evm && intent.isEmpty()
            ? Optional.of(evm)
            : Optional.empty();
    var stored =
        new Purchases.NewPaidKey(
            key.hash(),
            request.appName(),
            BOUGHT_KEY_PLAN,
            KeyVersion.V2,
            request.delivery(),
            request.channel(),
            payment,
            credits,
            evmSender.isPresent(),
            clock.instant(),
            intent);
    return purchases
        .buyKey(stored)
        .flatMap(
            purchase -> {
              if (purchase instanceof Purchases.KeyPurchase.AlreadyCredited) {
                return done(new Outcome.Refused(new PurchaseRefusal.AlreadyCredited(payment)));
              }
              if (purchase instanceof Purchases.KeyPurchase.WalletHasKey) {
                return done(new Outcome.WalletHasKey(payment));
              }
              if (purchase instanceof Purchases.KeyPurchase.IntentUsed) {
                return done(new Outcome.Refused(new PurchaseRefusal.IntentUsed(payment)));
              }
              var created = (Purchases.KeyPurchase.Created) purchase;
              var sale =
                  new Sale(key, request, payment, credits, created, proven, intent.isEmpty());
              if (evmSender.isEmpty()) {
                return done(bought(sale, AccessPassState.NONE));
              }
              return mint(created.keyId(), evmSender.get()).map(state -> bought(sale, state));
            });
  }

  private Uni<AccessPassState> mint(long keyId, EvmAddress wallet) {
    // The same reactive shape as WatchTime's debit by design: a pass mint and a debit share nothing
    // else.
    return passes
        .mint(wallet)
        .flatMap(
            mint -> {
              if (mint instanceof AccessPasses.Mint.Minted minted) {
                return mints
                    .minted(keyId, minted.txHash(), clock.instant())
                    .replaceWith(AccessPassState.MINTED);
              }
              return mints
                  .deferred(keyId, RetryPassMints.nextAttempt(clock.instant(), 0), clock.instant())
                  .replaceWith(AccessPassState.PENDING);
            });
  }

  /** A stored key and how it was claimed. */
  private record Sale(
      ApiKey key,
      KeyPurchaseRequest request,
      Payment payment,
      long credits,
      Purchases.KeyPurchase.Created created,
      boolean proven,
      boolean walletBound) {}

  private static Outcome bought(Sale sale, AccessPassState pass) {
    KeyDelivery asked = sale.request().delivery();
    KeyDelivery method;
    boolean showKey;
    if (pass == AccessPassState.NONE) {
      // no pass (non-EVM, or claimed with an intent): the key is the only credential
      method = KeyDelivery.API_KEY;
      showKey = true;
    } else if (asked == KeyDelivery.WALLET && pass == AccessPassState.PENDING && sale.proven()) {
      // the wallet signs in once the pass lands; until then the key is the credential
      method = KeyDelivery.BOTH;
      showKey = true;
    } else {
      // an unproven caller never sees the key: the sender reaches it by signing in
      method = asked;
      showKey = asked != KeyDelivery.WALLET;
    }
    return new Outcome.Bought(
        showKey ? Optional.of(sale.key()) : Optional.empty(),
        sale.request(),
        sale.payment(),
        sale.walletBound() ? Optional.of(sale.payment().sender()) : Optional.empty(),
        BOUGHT_KEY_PLAN,
        sale.credits(),
        sale.created().balance(),
        method,
        pass);
  }

  private static Uni<Outcome> done(Outcome outcome) {
    return Uni.createFrom().item(outcome);
  }
}
