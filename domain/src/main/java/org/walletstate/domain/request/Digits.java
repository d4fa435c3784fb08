package org.walletstate.domain.request;

/** Decimal digit strings as callers send them in JSON strings (chain ids, declared decimals). */
public final class Digits {

  private Digits() {}

  /** True when {@code text} is one or more ASCII digits {@code 0}-{@code 9} and nothing else. */
  public static boolean allAscii(String text) {
    if (text.isEmpty()) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /** {@code digits} without its leading zeros, keeping the last digit: {@code "000"} is "0". */
  public static String withoutLeadingZeros(String digits) {
    int start = 0;
    while (start < digits.length() - 1 && digits.charAt(start) == '0') {
      start++;
    }
    return digits.substring(start);
  }
}
