package org.walletstate.adapters.http.testbed;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** What the database holds about a key's credits: the balance and the ledger behind it. */
public final class Ledger {

  private Ledger() {}

  /** One {@code credit_entry} row. */
  public record Entry(long id, String kind, long amount, String requestId, Long refundOf) {}

  /** The key's entries, oldest first. */
  public static List<Entry> entries(Pool pool, long keyId) {
    return pool.preparedQuery(
            "select id, kind, amount, request_id, refund_of from credit_entry"
                + " where api_key_id = $1 order by id")
        .execute(Tuple.of(keyId))
        .map(
            rows -> {
              List<Entry> entries = new ArrayList<>();
              for (Row row : rows) {
                entries.add(
                    new Entry(
                        row.getLong("id"),
                        row.getString("kind"),
                        row.getLong("amount"),
                        row.getString("request_id"),
                        row.getLong("refund_of")));
              }
              return entries;
            })
        .await()
        .atMost(Duration.ofSeconds(30));
  }

  /** {@code api_key.credits}. */
  public static long balance(Pool pool, long keyId) {
    return pool.preparedQuery("select credits from api_key where id = $1")
        .execute(Tuple.of(keyId))
        .map(rows -> rows.iterator().next().getLong("credits"))
        .await()
        .atMost(Duration.ofSeconds(30));
  }
}
