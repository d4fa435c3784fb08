package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.adapters.http.payment.PaymentIntentsConfig;
import org.walletstate.adapters.http.payment.PaymentSettings;
import org.walletstate.adapters.http.payment.PaymentsConfig;
import org.walletstate.application.account.BuyCredits;
import org.walletstate.application.account.BuyKey;
import org.walletstate.application.account.port.in.BuyCreditsUseCase;
import org.walletstate.application.account.port.in.BuyKeyUseCase;
import org.walletstate.application.commerce.MerchantCredits;
import org.walletstate.application.commerce.port.in.MerchantCreditsUseCase;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.payment.AmountReuse;
import org.walletstate.application.payment.OpenPaymentIntent;
import org.walletstate.application.payment.PayerBinding;
import org.walletstate.application.payment.port.in.OpenPaymentIntentUseCase;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.port.out.AccessPasses;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.PassMints;
import org.walletstate.application.port.out.PaymentIntents;
import org.walletstate.application.port.out.Purchases;

/**
 * The purchases (keys, credits, merchant credits) and who may claim them: the payer binding, shared
 * by all three, and payment intents.
 */
@ApplicationScoped
public class PurchaseWiring {

  @Produces
  @ApplicationScoped
  PayerBinding payerBinding(
      @ConfigProperty(name = "walletstate.wallet-auth.domain") Optional<String> domain,
      PaymentIntentsConfig limits,
      PaymentIntents intents,
      Clock clock) {
    return new PayerBinding(domain.orElse(""), intents, clock, limits.claimWindow());
  }

  @Produces
  @ApplicationScoped
  OpenPaymentIntentUseCase openPaymentIntent(
      PaymentsConfig config,
      PaymentIntentsConfig limits,
      PaymentIntents intents,
      Entropy entropy,
      Clock clock) {
    return new OpenPaymentIntent(
        PaymentSettings.chains(config),
        intents,
        entropy,
        clock,
        new OpenPaymentIntent.Limits(
            limits.lifetime(),
            limits.openPerPrice(),
            limits.openPerChain(),
            limits.openPerAddress(),
            new AmountReuse(limits.reuseAfter()).checkedAgainst(limits.claimWindow())));
  }

  // The parameters repeat BuyKey's constructor by design: the root hands the service its ports.
  @Produces
  @ApplicationScoped
  BuyKeyUseCase buyKey(
      VerifyPaymentUseCase payments,
      PayerBinding payers,
      Purchases purchases,
      AccessPasses passes,
      PassMints mints,
      Entropy entropy,
      Clock clock) {
    return new BuyKey(payments, payers, purchases, passes, mints, entropy, clock);
  }

  @Produces
  @ApplicationScoped
  BuyCreditsUseCase buyCredits(
      VerifyPaymentUseCase payments, PayerBinding payers, Purchases purchases, Clock clock) {
    return new BuyCredits(payments, payers, purchases, clock);
  }

  @Produces
  @ApplicationScoped
  MerchantCreditsUseCase merchantCredits(
      MerchantStore store,
      VerifyPaymentUseCase payments,
      PayerBinding payers,
      Purchases purchases,
      Clock clock) {
    return new MerchantCredits(store, payments, payers, purchases, clock);
  }
}
