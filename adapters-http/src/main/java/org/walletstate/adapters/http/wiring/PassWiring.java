package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.application.commerce.IssuePassService;
import org.walletstate.application.commerce.VerifyPassService;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase;
import org.walletstate.application.commerce.port.in.IssuePassUseCase;
import org.walletstate.application.commerce.port.in.VerifyPassUseCase;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.commerce.port.out.PassRenewals;
import org.walletstate.application.commerce.port.out.PassSigner;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.WalletKeys;

/** In-store passes: issued to a signed-in wallet, verified at a merchant's till. */
@ApplicationScoped
public class PassWiring {

  @Produces
  @ApplicationScoped
  IssuePassUseCase issuePass(
      @ConfigProperty(name = "walletstate.wallet-auth.domain") Optional<String> domain,
      WalletKeys nonces,
      PassSigner signer,
      PassRenewals renewals,
      Entropy entropy,
      Clock clock) {
    return new IssuePassService(
        domain.orElse("").strip(), nonces, signer, renewals, entropy, clock);
  }

  /** Passes are read on the signing threads: checking a signature must not hold an event loop. */
  @Produces
  @ApplicationScoped
  VerifyPassUseCase verifyPass(
      PassSigner signer,
      MerchantStore merchants,
      DiscountEligibilityUseCase discounts,
      CreditLedger ledger,
      Entropy entropy,
      Clock clock) {
    return new VerifyPassService(
        signer, merchants, discounts, ledger, entropy, clock, SigningThreads.POOL);
  }
}
