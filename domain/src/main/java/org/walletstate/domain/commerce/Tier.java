package org.walletstate.domain.commerce;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

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

  /** The wire form; the threshold as a decimal string. */
  public Map<String, Object> wire() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("threshold", threshold.toPlainString());
    m.put("discount", discount);
    return m;
  }
}
