package org.walletstate.domain.commerce.discount;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.commerce.Discounts;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.Tier;
import org.walletstate.domain.commerce.TokenConfig;

/**
 * What a wallet earns at a store: the pure function of the store's configuration, the wallet's
 * holdings and whether the wallet proved control ({@link #of}), and the per-day rule over the day's
 * count ({@link #limitedToday}).
 *
 * <ul>
 *   <li>Each enabled token earns the highest of its tiers whose threshold its holding reaches (own
 *       and partner tokens alike); the holding is the exact sum over the token's own network and
 *       every alsoOn network, so the tier is awarded once. A holding an issuer froze earns none.
 *   <li>Each enabled collection held earns its discount ({@code benefitType} discount) or is
 *       recognized ({@code benefitType} recognition, which earns no percent).
 *   <li>The earned discounts combine under the store's mode ({@link Discounts#combine}).
 *   <li>A wallet without proof gets at most {@code maxUnprovenDiscount}; {@code discountIfProven}
 *       is then what a proof would give, when that is more.
 * </ul>
 *
 * @param earned one entry per token tier and discount collection earned, tokens first, in the
 *     store's order (the ACP breakdown)
 * @param recognized the recognition collections held, by name
 * @param fullDiscount the combined discount the holdings earn (what a proven wallet gets)
 * @param discount what this wallet gets now
 * @param walletProven whether the wallet proved control
 * @param discountIfProven what a proof would give, present only when the unproven limit lowered the
 *     discount
 */
public record Eligibility(
    List<Earned> earned,
    List<String> recognized,
    int fullDiscount,
    int discount,
    boolean walletProven,
    Optional<Integer> discountIfProven) {

  /** The tier name an NFT collection's entry carries in the breakdown. */
  public static final String NFT_TIER = "NFT";

  public Eligibility {
    earned = List.copyOf(earned);
    recognized = List.copyOf(recognized);
    Objects.requireNonNull(discountIfProven, "discountIfProven");
    if (discount < 0 || discount > fullDiscount || fullDiscount > Discounts.CAP_MAX) {
      throw new IllegalArgumentException("discount " + discount + " of " + fullDiscount);
    }
  }

  /**
   * One discount earned.
   *
   * @param symbol the token's symbol, or the collection's name
   * @param tier the tier's name, or {@link #NFT_TIER}
   * @param discount its percent
   */
  public record Earned(String symbol, String tier, int discount) {}

  /** What {@code holdings} earn at {@code merchant}, for a wallet proven or not. */
  public static Eligibility of(Merchant merchant, Holdings holdings, boolean proven) {
    List<Earned> earned = new ArrayList<>();
    for (TokenConfig token : merchant.tokens().enabled()) {
      tier(token, holdings.of(token))
          .ifPresent(tier -> earned.add(new Earned(token.symbol(), tier.name(), tier.discount())));
    }
    List<String> recognized = new ArrayList<>();
    for (NftCollection collection : merchant.enabledCollections()) {
      if (!holdings.holds(collection)) {
        continue;
      }
      if (collection.benefitType() == NftCollection.BenefitType.RECOGNITION) {
        recognized.add(collection.name());
      } else {
        earned.add(new Earned(collection.name(), NFT_TIER, collection.discount().orElseThrow()));
      }
    }
    Settings settings = merchant.settings();
    int full =
        Discounts.combine(
            earned.stream().map(Earned::discount).toList(),
            settings.discountMode(),
            settings.discountCap());
    int now = proven ? full : Discounts.unproven(full, settings.maxUnprovenDiscount().orElse(null));
    Optional<Integer> ifProven = now < full ? Optional.of(full) : Optional.empty();
    return new Eligibility(earned, recognized, full, now, proven, ifProven);
  }

  /**
   * The highest tier {@code holding} reaches, if any; a frozen holding reaches none. Tiers are in
   * ascending threshold order.
   */
  static Optional<Tier> tier(TokenConfig token, Holdings.TokenHolding holding) {
    if (holding.frozen()) {
      return Optional.empty();
    }
    Tier reached = null;
    for (Tier tier : token.tiers()) {
      if (holding.amount().compareTo(tier.threshold()) >= 0) {
        reached = tier;
      }
    }
    return Optional.ofNullable(reached);
  }

  /** Whether the wallet qualified for anything: a tier, a discount collection or recognition. */
  public boolean verified() {
    return !earned.isEmpty() || !recognized.isEmpty();
  }

  /** Whether the result carries a discount (and so costs the store's owner a credit). */
  public boolean carriesDiscount() {
    return discount > 0;
  }

  /**
   * Whether the store's per-day limit refuses this result: only a wallet without proof, only a
   * result that carries a discount, when the wallet already has {@code codesToday} discount codes
   * at this store in the current UTC day and the store allows no more.
   */
  public boolean limitedToday(Settings settings, long codesToday) {
    return !walletProven
        && carriesDiscount()
        && settings.maxDiscountsPerWalletPerDay().isPresent()
        && codesToday >= settings.maxDiscountsPerWalletPerDay().get();
  }
}
