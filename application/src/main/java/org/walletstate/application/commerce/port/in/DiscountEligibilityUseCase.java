package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.discount.DiscountWallets;
import org.walletstate.domain.commerce.discount.Eligibility;
import org.walletstate.domain.commerce.discount.Holdings;
import org.walletstate.domain.commerce.discount.HoldingsPlan;
import org.walletstate.domain.observation.Assurance;

/**
 * What a wallet earns at a store now: the store's configuration, the wallet's holdings read through
 * the chain-state port (each chain anchored once, every read pinned there) and the domain's
 * eligibility function. Nothing is stored, signed or charged.
 */
public interface DiscountEligibilityUseCase {

  Uni<EligibilityOutcome> eligibility(EligibilityQuery query);

  /**
   * @param merchant the store
   * @param wallets the wallets whose holdings count
   * @param proven whether the caller proved control of the EVM wallet
   * @param assurance how every chain is read, when the request asks: then the holdings carry how
   *     each chain was read
   */
  record EligibilityQuery(
      CompanyId merchant, DiscountWallets wallets, boolean proven, Optional<Assurance> assurance) {
    public EligibilityQuery {
      Objects.requireNonNull(merchant, "merchant");
      Objects.requireNonNull(wallets, "wallets");
      Objects.requireNonNull(assurance, "assurance");
    }

    /** A query read from one provider per chain. */
    public EligibilityQuery(CompanyId merchant, DiscountWallets wallets, boolean proven) {
      this(merchant, wallets, proven, Optional.empty());
    }
  }

  /** The outcome of an eligibility check. */
  sealed interface EligibilityOutcome {

    /** Every read completed; the discount was computed. */
    record Computed(Merchant merchant, Holdings holdings, Eligibility eligibility)
        implements EligibilityOutcome {}

    /** No store has this id. */
    record UnknownMerchant(CompanyId merchant) implements EligibilityOutcome {}

    /** The store is paused: nothing was read. */
    record Paused(Merchant merchant) implements EligibilityOutcome {}

    /** A read did not complete ({@code rpc_failure}): never a zero discount. */
    record RpcFailure(List<HoldingsPlan.Failure> failures) implements EligibilityOutcome {
      public RpcFailure {
        failures = List.copyOf(failures);
      }
    }
  }
}
