package org.walletstate.domain.commerce;

import java.util.Locale;
import java.util.Optional;

/**
 * {@code POST /v1/merchants}: a store to create, or with {@code externalId} to create or update.
 *
 * @param id the companyId slug
 * @param companyName 1 to 100 characters
 * @param location up to 200 characters
 * @param allowDuplicateName whether a name another merchant uses is accepted
 * @param externalId the partner's own id for the store (partner keys only), 1 to 100 characters
 */
public record NewMerchant(
    CompanyId id,
    String companyName,
    Optional<String> location,
    boolean allowDuplicateName,
    Optional<String> externalId) {

  public static final int NAME_MAX = 100;
  public static final int LOCATION_MAX = 200;
  public static final int EXTERNAL_ID_MAX = 100;

  /** The form names are compared in for the duplicate-name rule: trimmed, case-insensitive. */
  public static String nameKey(String companyName) {
    return companyName.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
  }
}
