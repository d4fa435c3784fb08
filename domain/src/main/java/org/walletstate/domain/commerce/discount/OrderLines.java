package org.walletstate.domain.commerce.discount;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.walletstate.domain.ValidationException;

/**
 * What a discount request says of the order: {@code items} ({@code {path, amount}}, amounts in
 * minor units) or a {@code subtotal} (minor units), or neither. Fractions of a minor unit are
 * truncated; {@code subtotal} is ignored when {@code items} is given.
 *
 * @param items the items, in the order sent (empty when none were sent)
 * @param subtotal the subtotal, when sent without items
 */
public record OrderLines(List<Item> items, OptionalLong subtotal) {

  /** The largest amount: integers up to 2^53 − 1 are exact in every JSON reader. */
  public static final long MAX_AMOUNT = 9_007_199_254_740_991L;

  public static final int MAX_ITEMS = 100;
  public static final int PATH_MAX = 200;
  public static final OrderLines NONE = new OrderLines(List.of(), OptionalLong.empty());

  /**
   * @throws ValidationException when there are more than {@link #MAX_ITEMS} items, both items and a
   *     subtotal, or a subtotal out of range
   */
  public OrderLines {
    items = List.copyOf(items);
    Objects.requireNonNull(subtotal, "subtotal");
    if (items.size() > MAX_ITEMS) {
      throw new ValidationException(
          "items may hold at most " + MAX_ITEMS + " items (got " + items.size() + ")");
    }
    if (!items.isEmpty() && subtotal.isPresent()) {
      throw new ValidationException("an order is items or a subtotal, not both");
    }
    if (subtotal.isPresent()) {
      minorUnits(subtotal.getAsLong(), "subtotal");
    }
  }

  private static void minorUnits(long amount, String field) {
    if (amount < 0) {
      throw new ValidationException(field + " must not be negative, got " + amount);
    }
    if (amount > MAX_AMOUNT) {
      throw new ValidationException(field + " must be at most " + MAX_AMOUNT + " minor units");
    }
  }

  /**
   * One item.
   *
   * @param path where it sits in the caller's cart (a JSONPath such as {@code $.line_items[0]}),
   *     echoed in allocations
   * @param amount minor units
   */
  public record Item(String path, long amount) {
    /**
     * @throws ValidationException when the path is empty or longer than {@link #PATH_MAX}, or the
     *     amount is negative or over {@link #MAX_AMOUNT}
     */
    public Item {
      Objects.requireNonNull(path, "path");
      if (path.isEmpty() || path.length() > PATH_MAX) {
        throw new ValidationException("path must be 1 to " + PATH_MAX + " characters");
      }
      minorUnits(amount, "amount");
    }
  }

  /**
   * The discount's amount on one item.
   *
   * @param path the item's path
   * @param amount minor units, truncated
   */
  public record Allocation(String path, long amount) {}

  /** Whether the request said anything of the order. */
  public boolean present() {
    return !items.isEmpty() || subtotal.isPresent();
  }

  /** The order total before the discount, when the request said it. */
  public OptionalLong total() {
    if (!items.isEmpty()) {
      return OptionalLong.of(items.stream().mapToLong(Item::amount).sum());
    }
    return subtotal;
  }

  /** {@code percent} of each item, truncated to whole minor units: the allocations of an order. */
  public List<Allocation> allocations(int percent) {
    List<Allocation> out = new ArrayList<>();
    for (Item item : items) {
      out.add(new Allocation(item.path(), share(item.amount(), percent)));
    }
    return out;
  }

  /**
   * The discount on the whole order: the sum of the item allocations (so they always add up), or
   * {@code percent} of the subtotal truncated; empty when the request said nothing of the order.
   */
  public Optional<Long> discountAmount(int percent) {
    if (!items.isEmpty()) {
      return Optional.of(allocations(percent).stream().mapToLong(Allocation::amount).sum());
    }
    return subtotal.isPresent()
        ? Optional.of(share(subtotal.getAsLong(), percent))
        : Optional.empty();
  }

  private static long share(long amount, int percent) {
    return BigDecimal.valueOf(amount)
        .multiply(BigDecimal.valueOf(percent))
        .divide(BigDecimal.valueOf(100), 0, RoundingMode.DOWN)
        .longValueExact();
  }
}
