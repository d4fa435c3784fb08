package org.walletstate.domain.commerce;

import java.util.List;

/**
 * The discount rules of the interface: tier and NFT discounts are whole percents from 1 to 50, the
 * cap from 1 to 100; and how a store combines the discounts one wallet earns.
 */
public final class Discounts {

  public static final int TIER_MIN = 1;
  public static final int TIER_MAX = 50;
  public static final int CAP_MIN = 1;
  public static final int CAP_MAX = 100;

  private Discounts() {}

  /**
   * The discount a wallet gets from the discounts it earned (one per token or collection), under
   * the store's mode: {@code highest} takes the largest; {@code stack} adds them; {@code capped}
   * adds them and caps the sum at the store's cap. No mode gives more than 100.
   */
  public static int combine(List<Integer> earned, DiscountMode mode, int cap) {
    int result =
        switch (mode) {
          case HIGHEST -> earned.stream().mapToInt(Integer::intValue).max().orElse(0);
          case STACK -> earned.stream().mapToInt(Integer::intValue).sum();
          case CAPPED -> Math.min(cap, earned.stream().mapToInt(Integer::intValue).sum());
        };
    return Math.min(CAP_MAX, result);
  }

  /**
   * What a wallet without proof of control gets: at most the store's {@code maxUnprovenDiscount};
   * without that setting, the same as a proven wallet.
   */
  public static int unproven(int discount, Integer maxUnprovenDiscount) {
    return maxUnprovenDiscount == null ? discount : Math.min(discount, maxUnprovenDiscount);
  }
}
