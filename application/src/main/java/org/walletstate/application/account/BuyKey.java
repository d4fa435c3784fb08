package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.Optional;
import org.walletstate.application.account.port.in.BuyKeyUseCase;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
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

/**
 * Sells a key: verifies the payment, stores the key under the sender's wallet with the credits at
 * the volume rate (and, on EVM, a pending pass mint) in one transaction, then mints the pass. A
 * mint that fails or is slow stays pending for {@link RetryPassMints}, and the key is returned.
 */
public final class BuyKey implements BuyKeyUseCase {

  /** Bought keys start on the free plan's daily limit; plans move as docs/billing.md says. */
  static final Plan BOUGHT_KEY_PLAN = Plan.FREE;

  private final VerifyPaymentUseCase payments;
  private final Purchases purchases;
  private final AccessPasses passes;
  private final PassMints mints;
  private final Entropy entropy;
  private final Clock clock;

  public BuyKey(
      VerifyPaymentUseCase payments,
      Purchases purchases,
      AccessPasses passes,
      PassMints mints,
      Entropy entropy,
      Clock clock) {
    this.payments = payments;
    this.purchases = purchases;
    this.passes = passes;
    this.mints = mints;
    this.entropy = entropy;
    this.clock = clock;
  }

  @Override
  public Uni<Outcome> buy(KeyPurchaseRequest request) {
    return payments
        .verify(request.payment())
        .flatMap(
            verification -> {
              if (verification instanceof Verification.NotAPayment no) {
                return done(new Outcome.NotAPayment(no.reason()));
              }
              if (verification instanceof Verification.Unavailable down) {
                return done(new Outcome.Unavailable(down));
              }
              return store(request, ((Verification.Verified) verification).payment());
            });
  }

  private Uni<Outcome> store(KeyPurchaseRequest request, Payment payment) {
    ApiKey key = ApiKey.fromRandom(entropy.bytes(20));
    long credits = CreditRate.VOLUME.credits(payment.usd());
    Optional<EvmAddress> evmSender =
        payment.sender() instanceof EvmAddress evm ? Optional.of(evm) : Optional.empty();
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
            clock.instant());
    return purchases
        .buyKey(stored)
        .flatMap(
            purchase -> {
              if (purchase instanceof Purchases.KeyPurchase.AlreadyCredited) {
                return done(new Outcome.AlreadyCredited(payment));
              }
              if (purchase instanceof Purchases.KeyPurchase.WalletHasKey) {
                return done(new Outcome.WalletHasKey(payment));
              }
              var created = (Purchases.KeyPurchase.Created) purchase;
              if (evmSender.isEmpty()) {
                return done(bought(key, request, payment, credits, created, AccessPassState.NONE));
              }
              return mint(created.keyId(), evmSender.get())
                  .map(state -> bought(key, request, payment, credits, created, state));
            });
  }

  private Uni<AccessPassState> mint(long keyId, EvmAddress wallet) {
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

  private static Outcome bought(
      ApiKey key,
      KeyPurchaseRequest request,
      Payment payment,
      long credits,
      Purchases.KeyPurchase.Created created,
      AccessPassState pass) {
    KeyDelivery asked = request.delivery();
    KeyDelivery method;
    boolean showKey;
    if (pass == AccessPassState.NONE) {
      // no pass on non-EVM purchases: the key is the only credential
      method = KeyDelivery.API_KEY;
      showKey = true;
    } else if (asked == KeyDelivery.WALLET && pass == AccessPassState.PENDING) {
      // the wallet signs in once the pass lands; until then the key is the credential
      method = KeyDelivery.BOTH;
      showKey = true;
    } else {
      method = asked;
      showKey = asked != KeyDelivery.WALLET;
    }
    return new Outcome.Bought(
        showKey ? Optional.of(key) : Optional.empty(),
        request,
        payment,
        payment.sender(),
        BOUGHT_KEY_PLAN,
        credits,
        created.balance(),
        method,
        pass);
  }

  private static Uni<Outcome> done(Outcome outcome) {
    return Uni.createFrom().item(outcome);
  }
}
