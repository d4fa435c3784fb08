package org.walletstate.domain.commerce;

/**
 * How many merchants one key may own. The interface leaves the number open: a regular key owns up
 * to {@link #PER_KEY}, a partner-enabled key (which provisions stores for its customers) up to
 * {@link #PER_PARTNER_KEY}. An externalId upsert of a store the key already owns does not count
 * again.
 */
public final class MerchantLimits {

  public static final int PER_KEY = 10;
  public static final int PER_PARTNER_KEY = 1_000;

  private MerchantLimits() {}

  public static int forKey(boolean partnerEnabled) {
    return partnerEnabled ? PER_PARTNER_KEY : PER_KEY;
  }
}
