package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import org.walletstate.application.commerce.ConfigureMerchantService;
import org.walletstate.application.commerce.CreateMerchantService;
import org.walletstate.application.commerce.MerchantQueryService;
import org.walletstate.application.commerce.TokenRegistryService;
import org.walletstate.application.commerce.port.in.ConfigureMerchantUseCase;
import org.walletstate.application.commerce.port.in.CreateMerchantUseCase;
import org.walletstate.application.commerce.port.in.MerchantQueries;
import org.walletstate.application.commerce.port.in.TokenRegistryUseCase;
import org.walletstate.application.commerce.port.out.IssuedCodeCounts;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.commerce.port.out.TokenRegistry;
import org.walletstate.application.port.out.CreditLedger;

/**
 * Merchants: onboarding, the owner's configuration, the reads (the owner's status with the key's
 * credits and the store's codes of the day, the public view, the directory), and the token
 * registry.
 */
@ApplicationScoped
public class MerchantWiring {

  @Produces
  @ApplicationScoped
  CreateMerchantUseCase createMerchant(MerchantStore store, CreditLedger ledger, Clock clock) {
    return new CreateMerchantService(store, ledger, clock);
  }

  // Producers repeat their CDI declarations by design: one method a bean.
  @Produces
  @ApplicationScoped
  ConfigureMerchantUseCase configureMerchant(MerchantStore store, Clock clock) {
    return new ConfigureMerchantService(store, clock);
  }

  @Produces
  @ApplicationScoped
  MerchantQueries merchantQueries(
      MerchantStore store, CreditLedger ledger, IssuedCodeCounts codes, Clock clock) {
    return new MerchantQueryService(store, ledger, codes, clock);
  }

  @Produces
  @ApplicationScoped
  TokenRegistryUseCase tokenRegistry(TokenRegistry registry, Clock clock) {
    return new TokenRegistryService(registry, clock);
  }
}
