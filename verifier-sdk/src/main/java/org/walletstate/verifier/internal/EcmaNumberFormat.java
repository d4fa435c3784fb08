package org.walletstate.verifier.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * ECMAScript {@code Number::toString(x)} (ECMA-262, 6.1.6.1.20) for IEEE-754 doubles: the digits of
 * the shortest decimal that reads back as the same double, closest to the exact value when several
 * of that length do, laid out in plain or exponential notation by the decimal exponent.
 *
 * <p>Java 17's {@link Double#toString(double)} is not a substitute: it uses another layout and,
 * before JDK 19, sometimes emits a digit more than needed. The digit search here relies only on
 * exact {@link BigDecimal} arithmetic and on {@link Double#parseDouble(String)}, which is correctly
 * rounded (round-half-even), exactly as ECMAScript's own string-to-number conversion.
 */
public final class EcmaNumberFormat {

  /** Integers up to 2^53 are exact doubles: their shortest form is their own digits. */
  private static final double EXACT_INTEGER_LIMIT = 9007199254740992d;

  private EcmaNumberFormat() {}

  /**
   * The JavaScript string of {@code value}; {@code NaN} and the infinities as JavaScript writes
   * them (JSON callers map those to {@code null} first).
   */
  public static String toString(double value) {
    if (Double.isNaN(value)) {
      return "NaN";
    }
    if (value == 0) {
      return "0"; // covers -0
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "Infinity" : "-Infinity";
    }
    if (value < 0) {
      return "-" + toString(-value);
    }
    if (value <= EXACT_INTEGER_LIMIT && value == Math.rint(value)) {
      return Long.toString((long) value);
    }
    BigDecimal shortest = shortestDigits(value);
    String digits = shortest.unscaledValue().toString();
    int k = digits.length();
    int n = k - shortest.scale(); // value = 0.d1d2...dk x 10^n
    return layout(digits, k, n);
  }

  /**
   * The shortest decimal that parses back to {@code value} (positive and finite); among those of
   * that length the one nearest the exact binary value, ties to an even last digit.
   *
   * <p>For each length p the only candidates are the two p-digit decimals that bracket the exact
   * value: any other p-digit decimal lies further out on the same side, and the set of decimals
   * that read back as {@code value} is an interval around it.
   */
  static BigDecimal shortestDigits(double value) {
    BigDecimal exact = new BigDecimal(value);
    for (int p = 1; p <= 17; p++) {
      BigDecimal below = exact.round(new MathContext(p, RoundingMode.FLOOR));
      BigDecimal above = exact.round(new MathContext(p, RoundingMode.CEILING));
      boolean belowReads = readsBackAs(below, value);
      boolean aboveReads = readsBackAs(above, value);
      if (belowReads && aboveReads) {
        int cmp = exact.subtract(below).compareTo(above.subtract(exact));
        if (cmp < 0) {
          return below;
        }
        if (cmp > 0) {
          return above;
        }
        return isEven(below) ? below : above;
      }
      if (belowReads) {
        return below;
      }
      if (aboveReads) {
        return above;
      }
    }
    throw new IllegalStateException("17 significant digits always identify a double: " + value);
  }

  private static boolean readsBackAs(BigDecimal candidate, double value) {
    return candidate.signum() > 0 && Double.parseDouble(candidate.toString()) == value;
  }

  private static boolean isEven(BigDecimal decimal) {
    return !decimal.unscaledValue().testBit(0) || decimal.unscaledValue().equals(BigInteger.ZERO);
  }

  /** Steps 6 to 10 of Number::toString, for digits {@code s} of length k and exponent n. */
  private static String layout(String s, int k, int n) {
    StringBuilder out = new StringBuilder(k + 8);
    if (k <= n && n <= 21) {
      out.append(s);
      out.append("0".repeat(n - k));
    } else if (0 < n && n <= 21) {
      out.append(s, 0, n).append('.').append(s, n, k);
    } else if (-6 < n && n <= 0) {
      out.append("0.").append("0".repeat(-n)).append(s);
    } else {
      int e = n - 1;
      out.append(s.charAt(0));
      if (k > 1) {
        out.append('.').append(s, 1, k);
      }
      out.append('e').append(e >= 0 ? '+' : '-').append(Math.abs(e));
    }
    return out.toString();
  }
}
