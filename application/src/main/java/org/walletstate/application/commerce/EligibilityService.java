package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;
import org.walletstate.application.chains.AllChains;
import org.walletstate.application.chains.RpcFailureLog;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.discount.Eligibility;
import org.walletstate.domain.commerce.discount.HoldingsPlan;
import org.walletstate.domain.observation.ChainObservation;

/**
 * Reads a wallet's holdings of a store's tokens and collections (every chain of the plan in
 * parallel, each at its own anchor) and computes its discount with {@link Eligibility#of}.
 */
public final class EligibilityService implements DiscountEligibilityUseCase {

  private static final System.Logger LOG = System.getLogger(EligibilityService.class.getName());

  private final MerchantStore merchants;
  private final ChainState chains;

  // Same constructor shape as Authenticate's and DiscountCodeService's by design: each is handed
  // only the ports it uses, and there is no logic to share.
  public EligibilityService(MerchantStore merchants, ChainState chains) {
    this.merchants = merchants;
    this.chains = chains;
  }

  // The same find-then-answer shape as WatchService.subscribe by design; the reads and answers
  // differ.
  @Override
  public Uni<EligibilityOutcome> eligibility(EligibilityQuery query) {
    return merchants
        .find(query.merchant())
        .flatMap(
            found -> {
              if (found.isEmpty()) {
                return Uni.createFrom()
                    .item(new EligibilityOutcome.UnknownMerchant(query.merchant()));
              }
              Merchant merchant = found.get();
              if (merchant.paused()) {
                return Uni.createFrom().item(new EligibilityOutcome.Paused(merchant));
              }
              return compute(merchant, query);
            });
  }

  /** The discount at {@code merchant}, as configured in this value (already read). */
  Uni<EligibilityOutcome> compute(Merchant merchant, EligibilityQuery query) {
    HoldingsPlan plan = HoldingsPlan.of(merchant, query.wallets(), query.assurance());
    return AllChains.observe(chains, plan.chains(), plan::query)
        .map(observed -> outcome(merchant, query, plan, observed));
  }

  private static EligibilityOutcome outcome(
      Merchant merchant,
      EligibilityQuery query,
      HoldingsPlan plan,
      Map<ChainId, ChainObservation> observed) {
    HoldingsPlan.Outcome read = plan.holdings(observed);
    if (read instanceof HoldingsPlan.Outcome.Incomplete incomplete) {
      List<RpcFailureLog.Failed> failed =
          incomplete.failures().stream()
              .map(f -> new RpcFailureLog.Failed("discount", f.chain(), f.what(), f.message()))
              .toList();
      RpcFailureLog.warn(LOG, failed, observed);
      return new EligibilityOutcome.RpcFailure(incomplete.failures());
    }
    var holdings = ((HoldingsPlan.Outcome.Read) read).holdings();
    return new EligibilityOutcome.Computed(
        merchant, holdings, Eligibility.of(merchant, holdings, query.proven()));
  }
}
