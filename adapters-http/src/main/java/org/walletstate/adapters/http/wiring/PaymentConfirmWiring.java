package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.net.URI;
import java.time.Clock;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.application.commerce.PaymentConfirmService;
import org.walletstate.application.commerce.port.in.ConfirmCodePaymentUseCase;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;

/** The payment confirm of discount codes ({@code POST /v1/payment/confirm}). */
@ApplicationScoped
public class PaymentConfirmWiring {

  @Produces
  @ApplicationScoped
  ConfirmCodePaymentUseCase confirmCodePayment(
      DiscountCodes codes,
      MerchantStore store,
      VerifyPaymentUseCase payments,
      Clock clock,
      @ConfigProperty(name = "walletstate.public-base-url") String baseUrl) {
    return new PaymentConfirmService(codes, store, payments, clock, URI.create(baseUrl));
  }
}
