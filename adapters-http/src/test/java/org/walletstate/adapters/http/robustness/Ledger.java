package org.walletstate.adapters.http.robustness;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The credit books as the database holds them, read straight from the tables. */
final class Ledger {

  private static final Duration WAIT = Duration.ofSeconds(30);

  private Ledger() {}

  /**
   * One key's books.
   *
   * @param balance {@code api_key.credits}
   * @param entrySum the sum of the key's {@code credit_entry} amounts
   * @param entries how many entries the key has
   * @param debits how many of them are debits
   * @param refunds how many of them are refunds
   * @param debitRequestIds the request ids (attestation ids) of the debits, oldest first
   * @param usedToday the key's {@code key_daily_usage} count for today (UTC), 0 without a row
   */
  record Books(
      long balance,
      long entrySum,
      long entries,
      long debits,
      long refunds,
      List<String> debitRequestIds,
      int usedToday) {}

  static Books of(Pool pool, long keyId) {
    Row key =
        pool.preparedQuery("select credits from api_key where id = $1")
            .execute(Tuple.of(keyId))
            .await()
            .atMost(WAIT)
            .iterator()
            .next();
    Row sums =
        pool.preparedQuery(
                "select coalesce(sum(amount), 0) as total, count(*) as entries,"
                    + " count(*) filter (where kind = 'debit') as debits,"
                    + " count(*) filter (where kind = 'refund') as refunds"
                    + " from credit_entry where api_key_id = $1")
            .execute(Tuple.of(keyId))
            .await()
            .atMost(WAIT)
            .iterator()
            .next();
    List<String> ids = new ArrayList<>();
    pool.preparedQuery(
            "select request_id from credit_entry where api_key_id = $1 and kind = 'debit'"
                + " order by id")
        .execute(Tuple.of(keyId))
        .await()
        .atMost(WAIT)
        .forEach(row -> ids.add(row.getString("request_id")));
    int used = 0;
    for (Row row :
        pool.preparedQuery(
                "select used from key_daily_usage where api_key_id = $1"
                    + " and day = (now() at time zone 'utc')::date")
            .execute(Tuple.of(keyId))
            .await()
            .atMost(WAIT)) {
      used = row.getInteger("used");
    }
    return new Books(
        key.getLong("credits"),
        sums.getLong("total"),
        sums.getLong("entries"),
        sums.getLong("debits"),
        sums.getLong("refunds"),
        ids,
        used);
  }

  /** Ledger entries of every key. */
  static long allEntries(Pool pool) {
    return count(pool, "select count(*) as n from credit_entry");
  }

  /** Keys of every kind. */
  static long allKeys(Pool pool) {
    return count(pool, "select count(*) as n from api_key");
  }

  private static long count(Pool pool, String sql) {
    return pool.query(sql).execute().await().atMost(WAIT).iterator().next().getLong("n");
  }
}
