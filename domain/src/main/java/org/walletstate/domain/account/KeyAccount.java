package org.walletstate.domain.account;

import java.util.Objects;
import org.walletstate.domain.payload.KeyVersion;

/**
 * What the service knows of the key a caller presented: never the key itself.
 *
 * @param id the account's stable id
 * @param plan its plan
 * @param version its era (number handling and signing key id)
 * @param dailyLimit authenticated requests per UTC day
 */
public record KeyAccount(long id, Plan plan, KeyVersion version, int dailyLimit) {
  public KeyAccount {
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(version, "version");
    if (dailyLimit <= 0) {
      throw new IllegalArgumentException("daily limit must be positive");
    }
  }
}
