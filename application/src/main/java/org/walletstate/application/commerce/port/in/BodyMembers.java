package org.walletstate.application.commerce.port.in;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.commerce.Discounts;
import org.walletstate.domain.commerce.Members;
import org.walletstate.domain.commerce.MerchantChains;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** Member rules the commerce bodies share: whole numbers, booleans, bounded text. */
final class BodyMembers {

  private static final Pattern WHOLE_TEXT = Pattern.compile("[0-9]{1,6}(\\.0{1,6})?");

  private BodyMembers() {}

  /**
   * A whole number from {@code min} to {@code max}: a JSON number without a fraction ({@code 10.0}
   * is 10) or a digit string of the same form ({@code "10"}, {@code "10.0"}). A fraction such as
   * 10.5 is refused.
   */
  static int whole(RequestValue raw, String field, int min, int max) {
    String expected = field + " must be a whole number from " + min + " to " + max;
    BigDecimal value;
    String shown;
    if (raw instanceof RequestValue.Number n) {
      value = n.value();
      shown = Members.abbreviate(n.literal());
      if (value.abs().compareTo(BigDecimal.valueOf(1_000_000)) > 0) {
        throw new ValidationException(expected + ", got " + shown);
      }
    } else if (raw instanceof RequestValue.Text t) {
      shown = '"' + Members.abbreviate(t.value()) + '"';
      if (!WHOLE_TEXT.matcher(t.value()).matches()) {
        throw new ValidationException(expected + ", got " + shown);
      }
      value = new BigDecimal(t.value());
    } else if (raw.isMissing()) {
      throw new ValidationException(field + " is required");
    } else {
      throw new ValidationException(expected + ", not " + raw.kind());
    }
    if (value.stripTrailingZeros().scale() > 0) {
      throw new ValidationException(expected + " (fractions are not allowed), got " + shown);
    }
    int whole = value.intValueExact();
    if (whole < min || whole > max) {
      throw new ValidationException(expected + ", got " + shown);
    }
    return whole;
  }

  /** A tier or NFT discount: whole, 1 to 50; {@code 10.0} is 10, {@code 10.5} is refused. */
  static int tierOrNft(RequestValue raw, String field) {
    return whole(raw, field, Discounts.TIER_MIN, Discounts.TIER_MAX);
  }

  /** A discount cap: whole, 1 to 100. */
  static int cap(RequestValue raw, String field) {
    return whole(raw, field, Discounts.CAP_MIN, Discounts.CAP_MAX);
  }

  /** A merchant-configuration chain; bitcoin, tron, stellar and sui are refused. */
  static Chain merchantChain(RequestValue raw, String field) {
    return MerchantChains.require(ChainCatalogue.parse(raw, field), field);
  }

  /** The object's {@code chainId} member, a merchant-configuration chain. */
  static Chain chainId(Fields fields) {
    return merchantChain(fields.get("chainId"), fields.path("chainId"));
  }

  /**
   * The object's required {@code contractAddress} member, a contract on {@code chain} or, where
   * {@code nativeAllowed}, {@code native}.
   */
  static String contractAddress(Fields fields, Chain chain, boolean nativeAllowed) {
    return MerchantChains.contract(
        chain,
        fields.requiredText("contractAddress"),
        fields.path("contractAddress"),
        nativeAllowed);
  }

  /** A boolean member; absent or null gives {@code absent}. */
  static boolean bool(Fields fields, String member, boolean absent) {
    RequestValue raw = fields.get(member);
    if (raw.isMissing()) {
      return absent;
    }
    if (raw instanceof RequestValue.Bool b) {
      return b.value();
    }
    throw new ValidationException(
        fields.path(member) + " must be a boolean (true or false), not " + raw.kind());
  }

  /** Optional text: trimmed, 1 to {@code max} characters, no control characters. */
  static Optional<String> text(Fields fields, String member, int max) {
    Optional<String> raw = fields.optionalText(member);
    if (raw.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Members.bounded(raw.get(), fields.path(member), max));
  }

  /** Required text: trimmed, 1 to {@code max} characters, no control characters. */
  static String requiredText(Fields fields, String member, int max) {
    return Members.bounded(fields.requiredText(member), fields.path(member), max);
  }

  /** An array member, or empty when absent or null. */
  static Optional<RequestValue.Arr> array(Fields fields, String member) {
    RequestValue raw = fields.get(member);
    if (raw.isMissing()) {
      return Optional.empty();
    }
    if (raw instanceof RequestValue.Arr a) {
      return Optional.of(a);
    }
    throw new ValidationException(fields.path(member) + " must be an array, not " + raw.kind());
  }

  /** The object at {@code index} of an array member. */
  static Fields element(RequestValue.Arr array, int index, String path) {
    RequestValue item = array.items().get(index);
    String at = path + "[" + index + "]";
    if (item instanceof RequestValue.Obj o) {
      return Fields.of(o, at);
    }
    throw new ValidationException(at + " must be an object, not " + item.kind());
  }

  /** Refuses an array member of more than {@code max} elements, naming them as {@code noun}. */
  static void atMost(RequestValue.Arr array, String path, int max, String noun) {
    if (array.items().size() > max) {
      throw new ValidationException(
          path + " may hold at most " + max + " " + noun + " (got " + array.items().size() + ")");
    }
  }

  /** Every element of an array member, each an object read by {@code read}, in order. */
  static <T> List<T> elements(RequestValue.Arr array, String path, Function<Fields, T> read) {
    List<T> list = new ArrayList<>();
    for (int i = 0; i < array.items().size(); i++) {
      list.add(read.apply(element(array, i, path)));
    }
    return list;
  }

  /**
   * Refuses a member of {@code body} that is not one of {@code allowed}, telling the caller what is
   * {@code expected}.
   */
  static void onlyMembers(RequestValue.Obj body, String expected, String... allowed) {
    List<String> known = List.of(allowed);
    for (String member : body.members().keySet()) {
      if (!known.contains(member)) {
        throw new ValidationException(
            "unknown member " + Members.abbreviate(member) + "; expected " + expected);
      }
    }
  }
}
