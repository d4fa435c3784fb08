package org.walletstate.domain.commerce;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A store's discount settings and its pause.
 *
 * @param discountMode how earned discounts combine
 * @param discountCap 1 to 100; applies in capped mode
 * @param usdcPayment USDC payment
 * @param maxDiscountsPerWalletPerDay 1 to 100, or empty for no limit (unproven wallets only)
 * @param maxUnprovenDiscount 0 to 100, or empty: an unproven wallet gets what a proven one gets
 * @param maxPaidCodesFromOtherKeysPerDay 0 to {@link #OTHER_KEYS_MAX}, or empty for {@link
 *     #OTHER_KEYS_DEFAULT}: the codes that carry a discount keys other than the owner's may obtain
 *     at the store in any 24 hours, all such keys together (each is also held to its own hourly
 *     limit); the owner pays for every one
 * @param paused whether recognition is paused
 * @param pausedAt when the current pause began
 */
public record Settings(
    DiscountMode discountMode,
    int discountCap,
    UsdcPayment usdcPayment,
    Optional<Integer> maxDiscountsPerWalletPerDay,
    Optional<Integer> maxUnprovenDiscount,
    Optional<Integer> maxPaidCodesFromOtherKeysPerDay,
    boolean paused,
    Optional<Instant> pausedAt) {

  /** Paid codes from other keys per 24 hours at a store that did not choose a bound. */
  public static final int OTHER_KEYS_DEFAULT = 200;

  /** The highest bound an owner may choose for paid codes from other keys per 24 hours. */
  public static final int OTHER_KEYS_MAX = 100_000;

  /**
   * A new store: highest discount wins, cap 100 (no cap below the maximum), no per-wallet limits,
   * the default bound on other keys' paid codes, running.
   */
  public static final Settings DEFAULTS =
      new Settings(
          DiscountMode.HIGHEST,
          Discounts.CAP_MAX,
          UsdcPayment.OFF,
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          false,
          Optional.empty());

  public Settings {
    Objects.requireNonNull(discountMode, "discountMode");
    Objects.requireNonNull(usdcPayment, "usdcPayment");
    maxPaidCodesFromOtherKeysPerDay.ifPresent(
        n -> {
          if (n < 0 || n > OTHER_KEYS_MAX) {
            throw new IllegalArgumentException("maxPaidCodesFromOtherKeysPerDay out of range");
          }
        });
    if (paused != pausedAt.isPresent()) {
      throw new IllegalArgumentException("pausedAt is set exactly while paused");
    }
  }

  /**
   * The settings after {@code update} at {@code now}. Fields not sent keep their value. Pausing
   * records when; resuming clears that and nothing else, so resume restores everything as it was.
   * Pausing a paused store keeps the time it was first paused.
   */
  public Settings apply(SettingsUpdate update, Instant now) {
    boolean nextPaused = update.paused().orElse(paused);
    Optional<Instant> nextPausedAt =
        nextPaused ? (paused ? pausedAt : Optional.of(now)) : Optional.empty();
    return new Settings(
        update.discountMode().orElse(discountMode),
        update.discountCap().orElse(discountCap),
        update.usdcPayment().orElse(usdcPayment),
        update.maxDiscountsPerWalletPerDay().applyTo(maxDiscountsPerWalletPerDay),
        update.maxUnprovenDiscount().applyTo(maxUnprovenDiscount),
        update.maxPaidCodesFromOtherKeysPerDay().applyTo(maxPaidCodesFromOtherKeysPerDay),
        nextPaused,
        nextPausedAt);
  }

  /** The bound in force on paid codes from keys other than the owner's per 24 hours. */
  public int paidCodesFromOtherKeysPerDay() {
    return maxPaidCodesFromOtherKeysPerDay.orElse(OTHER_KEYS_DEFAULT);
  }
}
