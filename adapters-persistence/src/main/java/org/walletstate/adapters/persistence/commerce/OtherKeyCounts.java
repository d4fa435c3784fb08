package org.walletstate.adapters.persistence.commerce;

import static org.walletstate.adapters.persistence.SqlRows.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.application.commerce.port.out.DiscountCodes.Issue;
import org.walletstate.application.commerce.port.out.DiscountCodes.NewCode;
import org.walletstate.application.commerce.port.out.DiscountCodes.OtherKeyBounds;

/**
 * The counts behind the limits on paid codes for keys that do not own the store: the calling key's
 * codes of the last hour, then every other key's codes of the last 24 hours at the store. Run
 * inside {@link PgDiscountCodes#issue}'s transaction, after the store's advisory lock, so
 * concurrent issues on any replica see each other's codes and cannot overshoot either bound.
 */
final class OtherKeyCounts {

  private static final String KEY_HOUR =
      "select count(*) as n from discount_code where merchant_id = $1 and caller_key_id = $2"
          + " and caller_key_id <> owner_key_id and discount_percent > 0 and created_at >= $3";

  /** The predicates repeat the partial index {@code discount_code_other_keys_ix}. */
  private static final String STORE_WINDOW =
      "select count(*) as n from discount_code where merchant_id = $1"
          + " and caller_key_id <> owner_key_id and discount_percent > 0 and created_at >= $2";

  /** The code whose leaving the window makes room for one more: the (count - limit + 1)th. */
  private static final String FREES =
      "select created_at from discount_code where merchant_id = $1"
          + " and caller_key_id <> owner_key_id and discount_percent > 0 and created_at >= $2"
          + " order by created_at offset $3 limit 1";

  private OtherKeyCounts() {}

  /** The limit {@code row} would break, if any; empty when no bound applies or both hold. */
  static Uni<Optional<Issue>> refusal(SqlConnection c, NewCode row) {
    if (row.otherKeys().isEmpty()) {
      return Uni.createFrom().item(Optional.empty());
    }
    OtherKeyBounds bounds = row.otherKeys().get();
    String store = row.code().merchantId().value();
    return c.preparedQuery(KEY_HOUR)
        .execute(Tuple.of(store, row.callerKeyId(), utc(bounds.hourStart())))
        .flatMap(
            hour -> {
              if (hour.iterator().next().getLong("n") >= bounds.perKey()) {
                return Uni.createFrom()
                    .item(Optional.<Issue>of(new Issue.HourlyLimitReached(bounds.perKey())));
              }
              return storeWindow(c, store, bounds);
            });
  }

  private static Uni<Optional<Issue>> storeWindow(
      SqlConnection c, String store, OtherKeyBounds bounds) {
    return c.preparedQuery(STORE_WINDOW)
        .execute(Tuple.of(store, utc(bounds.storeWindowStart())))
        .flatMap(
            counted -> {
              long count = counted.iterator().next().getLong("n");
              if (count < bounds.perStore()) {
                return Uni.createFrom().item(Optional.<Issue>empty());
              }
              return c.preparedQuery(FREES)
                  .execute(
                      Tuple.of(store, utc(bounds.storeWindowStart()), count - bounds.perStore()))
                  .map(
                      rows -> {
                        // no such code (a bound of 0): none frees a place; a window is the wait
                        Instant leaving =
                            rows.size() == 0
                                ? bounds.storeWindowStart().plus(OtherKeyBounds.STORE_WINDOW)
                                : rows.iterator()
                                    .next()
                                    .getOffsetDateTime("created_at")
                                    .toInstant();
                        return Optional.<Issue>of(
                            new Issue.StoreLimitReached(
                                bounds.perStore(), leaving.plus(OtherKeyBounds.STORE_WINDOW)));
                      });
            });
  }
}
