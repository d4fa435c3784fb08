package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.LocalDate;
import java.util.OptionalLong;
import org.walletstate.application.port.out.KeyAdmission;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

/**
 * {@link KeyAdmission} as one statement: the key by its hash, the day's conditional upsert of
 * {@code key_daily_usage} (created at 1 or incremented while below the limit, so concurrent
 * requests can never count past it) and the balance. No row: unknown key. A row whose {@code used}
 * is null: the limit was reached and nothing was counted.
 */
public class PgKeyAdmission implements KeyAdmission {

  private static final String ADMIT_BY_HASH = admit("key_hash");
  private static final String ADMIT_BY_ID = admit("id");

  private static String admit(String keyColumn) {
    return "with k as (select id, plan, key_version, daily_limit, credits from api_key"
        + " where "
        + keyColumn
        + " = $1 and disabled_at is null),"
        + " u as (insert into key_daily_usage (api_key_id, day, used) select id, $2, 1 from k"
        + " on conflict (api_key_id, day) do update set used = key_daily_usage.used + 1"
        + " where key_daily_usage.used < (select daily_limit from k) returning used)"
        + " select k.id, k.plan, k.key_version, k.daily_limit, k.credits,"
        + " (select used from u) as used from k";
  }

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgKeyAdmission(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Admission> admit(ApiKeyHash hash, LocalDate day) {
    return admit(ADMIT_BY_HASH, Tuple.of(hash.hex(), day));
  }

  @Override
  public Uni<Admission> admit(long keyId, LocalDate day) {
    return admit(ADMIT_BY_ID, Tuple.of(keyId, day));
  }

  private Uni<Admission> admit(String statement, Tuple arguments) {
    return pool.preparedQuery(statement)
        .execute(arguments)
        .map(
            rows -> {
              RowIterator<Row> it = rows.iterator();
              if (!it.hasNext()) {
                return new Admission.Unknown();
              }
              Row row = it.next();
              KeyAccount account =
                  new KeyAccount(
                      row.getLong("id"),
                      Plan.fromWireName(row.getString("plan")),
                      row.getShort("key_version") == 1 ? KeyVersion.V1 : KeyVersion.V2,
                      row.getInteger("daily_limit"),
                      OptionalLong.of(row.getLong("credits")));
              Integer used = row.getInteger("used");
              return used == null
                  ? new Admission.LimitReached(account)
                  : new Admission.Counted(account, used);
            });
  }
}
