package org.walletstate.domain.commerce;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

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

  static final String[] MEMBERS = {
    "discountMode",
    "discountCap",
    "usdcPayment",
    "maxDiscountsPerWalletPerDay",
    "maxUnprovenDiscount",
    "maxPaidCodesFromOtherKeysPerDay",
    "paused"
  };

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

  public static SettingsUpdate parse(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    boolean any = false;
    for (String member : MEMBERS) {
      any |= !(fields.get(member) instanceof RequestValue.Absent);
    }
    if (!any) {
      throw new ValidationException("send at least one of " + String.join(", ", MEMBERS));
    }
    Optional<DiscountMode> mode = Optional.empty();
    if (!(fields.get("discountMode") instanceof RequestValue.Absent)) {
      mode = Optional.of(DiscountMode.parse(fields.requiredText("discountMode"), "discountMode"));
    }
    Optional<Integer> cap = Optional.empty();
    if (!(fields.get("discountCap") instanceof RequestValue.Absent)) {
      cap = Optional.of(Discounts.cap(fields.get("discountCap"), "discountCap"));
    }
    Optional<UsdcPayment> usdc = Optional.empty();
    if (!(fields.get("usdcPayment") instanceof RequestValue.Absent)) {
      usdc = Optional.of(UsdcPayment.parse(fields.get("usdcPayment"), "usdcPayment"));
    }
    Change perDay = change(fields, "maxDiscountsPerWalletPerDay", 1, 100, "null for no limit");
    Change unproven = change(fields, "maxUnprovenDiscount", 0, 100, "null for no limit");
    Change otherKeys =
        change(
            fields,
            "maxPaidCodesFromOtherKeysPerDay",
            0,
            Settings.OTHER_KEYS_MAX,
            "null for the default of " + Settings.OTHER_KEYS_DEFAULT);
    Optional<Boolean> paused = Optional.empty();
    if (!(fields.get("paused") instanceof RequestValue.Absent)) {
      if (!(fields.get("paused") instanceof RequestValue.Bool b)) {
        throw new ValidationException(
            "paused must be a boolean (true or false), not " + fields.get("paused").kind());
      }
      paused = Optional.of(b.value());
    }
    return new SettingsUpdate(mode, cap, usdc, perDay, unproven, otherKeys, paused);
  }

  private static Change change(Fields fields, String member, int min, int max, String nullMeans) {
    RequestValue raw = fields.get(member);
    if (raw instanceof RequestValue.Absent) {
      return new Change.Keep();
    }
    if (raw instanceof RequestValue.Null) {
      return new Change.Clear();
    }
    if (!(raw instanceof RequestValue.Number)) {
      throw new ValidationException(
          member
              + " must be an integer from "
              + min
              + " to "
              + max
              + " ("
              + nullMeans
              + "), not "
              + raw.kind());
    }
    return new Change.Set(Members.whole(raw, member, min, max));
  }
}
