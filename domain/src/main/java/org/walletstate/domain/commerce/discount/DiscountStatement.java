package org.walletstate.domain.commerce.discount;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.payload.Timestamps;

/**
 * The signed statement of a discount verification, in issue order: {@code code, merchantId,
 * verified, discountPercent, walletProven, discountIfProven} (only when the unproven limit lowered
 * the discount), {@code breakdown [{symbol, tier, discount}], recognized [names]}, the wallets sent
 * ({@code wallet, solanaWallet, xrplWallet}), {@code createdAt, expiresAt}. It is signed whole
 * ({@code <ns>.discount.v2}, docs/signing.md).
 */
public final class DiscountStatement {

  private DiscountStatement() {}

  public static PayloadValue.Obj payload(
      DiscountCode code,
      CompanyId merchant,
      DiscountWallets wallets,
      Eligibility eligibility,
      Instant createdAt,
      Instant expiresAt) {
    List<PayloadValue> breakdown = new ArrayList<>();
    for (Eligibility.Earned earned : eligibility.earned()) {
      breakdown.add(
          PayloadValue.objectBuilder()
              .put("symbol", earned.symbol())
              .put("tier", earned.tier())
              .put("discount", earned.discount())
              .build());
    }
    List<PayloadValue> recognized = new ArrayList<>();
    eligibility.recognized().forEach(name -> recognized.add(PayloadValue.text(name)));
    PayloadValue.ObjBuilder b =
        PayloadValue.objectBuilder()
            .put("code", code.text())
            .put("merchantId", merchant.value())
            .put("verified", eligibility.verified())
            .put("discountPercent", eligibility.discount())
            .put("walletProven", eligibility.walletProven());
    eligibility.discountIfProven().ifPresent(full -> b.put("discountIfProven", full));
    b.put("breakdown", PayloadValue.array(breakdown))
        .put("recognized", PayloadValue.array(recognized));
    wallets.evm().ifPresent(w -> b.put("wallet", w.checksummed()));
    wallets.solana().ifPresent(w -> b.put("solanaWallet", w.text()));
    wallets.xrpl().ifPresent(w -> b.put("xrplWallet", w.text()));
    return b.put("createdAt", Timestamps.iso(createdAt))
        .put("expiresAt", Timestamps.iso(expiresAt))
        .build();
  }
}
