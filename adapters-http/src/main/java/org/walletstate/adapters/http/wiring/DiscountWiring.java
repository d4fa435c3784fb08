package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import java.net.URI;
import java.time.Clock;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.adapters.http.commerce.DiscountIssuing;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.observability.OnCallerContext;
import org.walletstate.adapters.http.timing.TimedDiscountCodes;
import org.walletstate.application.commerce.DiscountCodeService;
import org.walletstate.application.commerce.DiscountService;
import org.walletstate.application.commerce.EligibilityService;
import org.walletstate.application.commerce.port.in.DiscountCodeQuery;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.Entropy;

/**
 * Discounts: the eligibility check over the chain readers, issuing codes, and reading one. (The
 * payment confirm of a code is in {@link PaymentConfirmWiring}.)
 */
@ApplicationScoped
public class DiscountWiring {

  /**
   * The discount check: its port, and the service itself for issuing, which computes eligibility
   * for a store it has already read.
   */
  @Produces
  @ApplicationScoped
  @Typed({EligibilityService.class, DiscountEligibilityUseCase.class})
  EligibilityService eligibility(MerchantStore store, ChainState chains) {
    return new EligibilityService(store, new OnCallerContext(chains));
  }

  // The parameters repeat DiscountService's constructor by design: the root hands the service its
  // ports.
  @Produces
  @ApplicationScoped
  IssueDiscountUseCase issueDiscount(
      MerchantStore store,
      EligibilityService eligibility,
      DiscountSigner signer,
      DiscountCodes codes,
      CreditLedger ledger,
      Entropy entropy,
      Clock clock,
      @ConfigProperty(name = "walletstate.public-base-url") String baseUrl) {
    return new DiscountService(
        store,
        eligibility,
        signer,
        new TimedDiscountCodes(codes),
        ledger,
        entropy,
        clock,
        SigningThreads.POOL,
        URI.create(baseUrl));
  }

  // Producers repeat their CDI declarations by design: one method a bean.
  @Produces
  @ApplicationScoped
  DiscountCodeQuery discountCodes(DiscountCodes codes, Clock clock) {
    return new DiscountCodeService(codes, clock);
  }

  /**
   * The one issuing path of {@code /v1/verify}, {@code /v1/acp/discount} and {@code
   * /v1/ucp/discount}.
   */
  @Produces
  @ApplicationScoped
  DiscountIssuing discountIssuing(IssueDiscountUseCase issue, Exchange edge) {
    return new DiscountIssuing(issue, edge);
  }
}
