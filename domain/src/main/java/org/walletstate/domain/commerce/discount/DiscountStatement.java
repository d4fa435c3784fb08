package org.walletstate.domain.commerce.discount;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.observation.ReadAssurance;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.payload.Timestamps;

/**
 * The signed statement of a discount verification, in issue order: {@code code, merchantId,
 * verified, discountPercent, walletProven, discountIfProven} (only when the unproven limit lowered
 * the discount), {@code breakdown [{symbol, tier, discount}], recognized [names]}, the wallets sent
 * ({@code wallet, solanaWallet, xrplWallet}), {@code createdAt, expiresAt}, and {@code
 * readAssurance [{chainId, mode, providers, of}]} last, one entry per chain read in the plan's
 * order, only when the request sent {@code assurance} (a request without it signs byte for byte as
 * before). It is signed whole ({@code <ns>.discount.v2}, docs/signing.md).
 */
public final class DiscountStatement {

  private DiscountStatement() {}

  // Alike by design: this overload repeats the full one's parameters and hands them on unchanged.
  /** The statement of a request without {@code assurance}. */
  public static PayloadValue.Obj payload(
      DiscountCode code,
      CompanyId merchant,
      DiscountWallets wallets,
      Eligibility eligibility,
      Instant createdAt,
      Instant expiresAt) {
    return payload(code, merchant, wallets, eligibility, createdAt, expiresAt, false, Map.of());
  }

  /**
   * The statement; {@code readAssurance} is signed when {@code signsAssurance} (the request sent
   * {@code assurance}), with an entry per chain of {@code assurances} (none when no chain was
   * read).
   */
  public static PayloadValue.Obj payload(
      DiscountCode code,
      CompanyId merchant,
      DiscountWallets wallets,
      Eligibility eligibility,
      Instant createdAt,
      Instant expiresAt,
      boolean signsAssurance,
      Map<ChainId, ReadAssurance> assurances) {
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
    b.put("createdAt", Timestamps.iso(createdAt)).put("expiresAt", Timestamps.iso(expiresAt));
    if (signsAssurance) {
      b.put(ReadAssurance.MEMBER, readAssurance(assurances));
    }
    return b.build();
  }

  /** {@code [{chainId, mode, providers, of[, names]}]}: a number for an EVM chain id. */
  private static PayloadValue readAssurance(Map<ChainId, ReadAssurance> assurances) {
    List<PayloadValue> entries = new ArrayList<>();
    assurances.forEach(
        (chain, read) ->
            entries.add(
                PayloadValue.objectBuilder()
                    .put(
                        "chainId",
                        chain instanceof ChainId.Evm evm
                            ? PayloadValue.number(evm.value())
                            : PayloadValue.text(chain.toString()))
                    .putAll(read.toPayload())
                    .build()));
    return PayloadValue.array(entries);
  }
}
