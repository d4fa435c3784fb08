package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

/** Accounts for ledger tests, created the way the service creates them: balance plus its grant. */
final class TestAccounts {

  private TestAccounts() {}

  static Uni<Long> withCredits(Pool pool, long credits, int dailyLimit) {
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    String hash = (UUID.randomUUID().toString() + UUID.randomUUID()).replace("-", "");
    return pool.withTransaction(
        connection ->
            connection
                .preparedQuery(
                    "insert into api_key (key_hash, app_name, plan, key_version, daily_limit,"
                        + " credits, created_at) values ($1, 'ledger test', 'pro', 2, $2, $3, $4)"
                        + " returning id")
                .execute(Tuple.of(hash, dailyLimit, credits, now))
                .map(rows -> rows.iterator().next().getLong("id"))
                .call(
                    id ->
                        connection
                            .preparedQuery(
                                "insert into credit_entry (api_key_id, kind, amount, reason,"
                                    + " created_at) values ($1, 'grant', $2, 'test grant', $3)")
                            .execute(Tuple.of(id, credits, now))));
  }

  /** The balance column and the sum of the ledger, side by side. */
  record Books(long balance, long ledgerSum, long debits, long refunds) {}

  static Uni<Books> books(Pool pool, long keyId) {
    return pool.preparedQuery(
            "select k.credits,"
                + " (select coalesce(sum(amount), 0) from credit_entry where api_key_id = k.id) s,"
                + " (select count(*) from credit_entry where api_key_id = k.id and kind = 'debit') d,"
                + " (select count(*) from credit_entry where api_key_id = k.id and kind = 'refund') r"
                + " from api_key k where k.id = $1")
        .execute(Tuple.of(keyId))
        .map(
            rows -> {
              Row row = rows.iterator().next();
              return new Books(
                  row.getLong("credits"), row.getLong("s"), row.getLong("d"), row.getLong("r"));
            });
  }
}
