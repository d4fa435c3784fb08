package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.Metering;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase;
import org.walletstate.application.payment.port.in.PaidCallUseCase;

/**
 * How calls are paid: the one {@link Charging} service over every kind of payer (a key's credits,
 * an x402 payment, the shared allowance of {@code /mcp}), which the payable use cases ({@link
 * AttestWiring}, {@link TrustWiring}) are built on.
 */
@ApplicationScoped
public class PayerWiring {

  @Produces
  @ApplicationScoped
  Charging charging(
      Metering metering, SharedAllowanceUseCase allowance, PaidCallUseCase paidCalls) {
    return new Charging(metering, allowance, paidCalls);
  }
}
