package org.walletstate.domain.payment.payer;

import java.util.List;

/**
 * What a payment is claimed for; its lines in the claim message bind a proof to that purpose only.
 *
 * <p>The records are alike on purpose: each purpose writes its own name and lines, and those are
 * what a proof is bound to.
 */
public sealed interface ClaimPurpose {

  /** The {@code Purpose:} line's value. */
  String name();

  /** The lines after {@code Purpose:} that name what the purchase is for. */
  List<String> details();

  // Alike by design: each purpose writes its own name and lines, which a proof is bound to.
  /** {@code POST /v1/keys/buy}: the proof names the new key's app name. */
  record KeysBuy(String appName) implements ClaimPurpose {
    @Override
    public String name() {
      return "keys/buy";
    }

    @Override
    public List<String> details() {
      return List.of("App: " + appName);
    }
  }

  /** {@code POST /v1/credits/buy}. */
  record CreditsBuy() implements ClaimPurpose {
    @Override
    public String name() {
      return "credits/buy";
    }

    @Override
    public List<String> details() {
      return List.of();
    }
  }

  /** {@code POST /v1/merchants/{id}/credits}: the proof names the merchant. */
  record MerchantCredits(String merchantId) implements ClaimPurpose {
    @Override
    public String name() {
      return "merchant-credits";
    }

    @Override
    public List<String> details() {
      return List.of("Merchant: " + merchantId);
    }
  }

  /** {@code POST /v1/plans/buy}: the proof names the plan bought. */
  record PlansBuy(String plan) implements ClaimPurpose {
    @Override
    public String name() {
      return "plans/buy";
    }

    @Override
    public List<String> details() {
      return List.of("Plan: " + plan);
    }
  }
}
