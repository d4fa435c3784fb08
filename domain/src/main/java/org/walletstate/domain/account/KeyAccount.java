package org.walletstate.domain.account;

import java.util.Objects;
import java.util.OptionalLong;
import org.walletstate.domain.payload.KeyVersion;

/**
 * What the service knows of the key a caller presented: never the key itself.
 *
 * @param id the account's stable id
 * @param plan its plan
 * @param version its era (number handling and signing key id)
 * @param dailyLimit authenticated requests per UTC day
 * @param credits the key's balance as read when this request was admitted, in the same database
 *     round trip as the key itself; empty when it was not read. A snapshot for deciding whether the
 *     request can pay before any work is done; the debit itself is always conditional on the live
 *     balance.
 */
public record KeyAccount(
    long id, Plan plan, KeyVersion version, int dailyLimit, OptionalLong credits) {

  /** An account whose balance was not read with it. */
  public KeyAccount(long id, Plan plan, KeyVersion version, int dailyLimit) {
    this(id, plan, version, dailyLimit, OptionalLong.empty());
  }

  public KeyAccount {
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(credits, "credits");
    if (dailyLimit <= 0) {
      throw new IllegalArgumentException("daily limit must be positive");
    }
  }
}
