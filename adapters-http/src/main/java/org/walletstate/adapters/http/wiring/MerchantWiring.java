package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import java.time.Clock;
import org.walletstate.application.commerce.MerchantService;
import org.walletstate.application.commerce.port.out.IssuedCodeCounts;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.port.out.CreditLedger;

/**
 * The merchant service: onboarding, configuration and reads, the owner's status with the key's
 * credits and the store's codes of the day. Its use cases are produced from it in {@link Wiring}.
 */
@ApplicationScoped
public class MerchantWiring {

  @Produces
  @ApplicationScoped
  @Typed(MerchantService.class)
  MerchantService merchants(
      MerchantStore store, CreditLedger ledger, IssuedCodeCounts codes, Clock clock) {
    return new MerchantService(store, ledger, codes, clock);
  }
}
