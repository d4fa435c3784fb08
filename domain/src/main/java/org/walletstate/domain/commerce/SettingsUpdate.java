package org.walletstate.domain.commerce;

import java.util.List;
import java.util.Optional;

/**
 * {@code PUT /v1/merchants/{id}/settings}: the fields to change; at least one is required. A field
 * left out keeps its value; {@code null} clears the two per-wallet limits and restores the default
 * bound on paid codes from other keys ({@link Settings#OTHER_KEYS_DEFAULT}).
 */
public record SettingsUpdate(
    Optional<DiscountMode> discountMode,
    Optional<Integer> discountCap,
    Optional<UsdcPayment> usdcPayment,
    Change maxDiscountsPerWalletPerDay,
    Change maxUnprovenDiscount,
    Change maxPaidCodesFromOtherKeysPerDay,
    Optional<Boolean> paused) {

  /** The members of the body, in the order the refusal of an empty body names them. */
  public static final List<String> MEMBERS =
      List.of(
          "discountMode",
          "discountCap",
          "usdcPayment",
          "maxDiscountsPerWalletPerDay",
          "maxUnprovenDiscount",
          "maxPaidCodesFromOtherKeysPerDay",
          "paused");

  /** A change to an optional whole number: keep it, clear it, or set it. */
  public sealed interface Change {
    Optional<Integer> applyTo(Optional<Integer> current);

    record Keep() implements Change {
      @Override
      public Optional<Integer> applyTo(Optional<Integer> current) {
        return current;
      }
    }

    record Clear() implements Change {
      @Override
      public Optional<Integer> applyTo(Optional<Integer> current) {
        return Optional.empty();
      }
    }

    record Set(int value) implements Change {
      @Override
      public Optional<Integer> applyTo(Optional<Integer> current) {
        return Optional.of(value);
      }
    }
  }
}
