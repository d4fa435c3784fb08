package org.walletstate.domain.commerce;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * One discount tier of a token: holders of at least {@code threshold} (display units) get {@code
 * discount} percent.
 *
 * @param name 1 to 50 characters
 * @param threshold positive, exact
 * @param discount whole percent, 1 to 50
 */
public record Tier(String name, BigDecimal threshold, int discount) {

  public static final int MAX_TIERS = 10;
  public static final int NAME_MAX = 50;

  static Tier parse(Fields fields) {
    String name = Members.requiredText(fields, "name", NAME_MAX);
    BigDecimal threshold = threshold(fields.get("threshold"), fields.path("threshold"));
    int discount = Discounts.tierOrNft(fields.get("discount"), fields.path("discount"));
    return new Tier(name, threshold, discount);
  }

  private static BigDecimal threshold(RequestValue raw, String field) {
    if (raw instanceof RequestValue.Number n) {
      if (n.value().signum() <= 0) {
        throw new ValidationException(field + " must be greater than 0, got " + n.literal());
      }
      if (n.literal().length() > DecimalAmount.MAX_TEXT_LENGTH
          || n.value().stripTrailingZeros().precision() > DecimalAmount.MAX_NUMBER_DIGITS) {
        throw new ValidationException(
            field + " has more digits than a number carries exactly; send it as a decimal string");
      }
      return new DecimalAmount(n.value(), false).value();
    }
    if (raw instanceof RequestValue.Text t) {
      return DecimalAmount.fromText(t.value(), field).value();
    }
    if (raw.isMissing()) {
      throw new ValidationException(field + " is required");
    }
    throw new ValidationException(
        field + " must be a decimal string or a number, not " + raw.kind());
  }

  /** Reads a tier list: up to 10, thresholds strictly ascending. */
  static List<Tier> parseAll(Fields token, String member) {
    RequestValue.Arr array = Members.array(token, member).orElse(new RequestValue.Arr(List.of()));
    String path = token.path(member);
    if (array.items().size() > MAX_TIERS) {
      throw new ValidationException(
          path + " may hold at most " + MAX_TIERS + " tiers (got " + array.items().size() + ")");
    }
    List<Tier> tiers = new ArrayList<>();
    for (int i = 0; i < array.items().size(); i++) {
      Tier tier = parse(Members.element(array, i, path));
      if (!tiers.isEmpty()
          && tier.threshold.compareTo(tiers.get(tiers.size() - 1).threshold) <= 0) {
        throw new ValidationException(
            path
                + "["
                + i
                + "].threshold "
                + tier.threshold.toPlainString()
                + " must be greater than the threshold of the tier before it ("
                + tiers.get(tiers.size() - 1).threshold.toPlainString()
                + "); tiers are in ascending threshold order");
      }
      tiers.add(tier);
    }
    return List.copyOf(tiers);
  }

  /** The wire form; the threshold as a decimal string. */
  public Map<String, Object> wire() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("threshold", threshold.toPlainString());
    m.put("discount", discount);
    return m;
  }
}
