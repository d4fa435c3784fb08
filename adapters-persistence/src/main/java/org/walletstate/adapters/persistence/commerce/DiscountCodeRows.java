package org.walletstate.adapters.persistence.commerce;

import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.pgclient.PgException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;

/** How discount codes map to and from {@code discount_code} rows, and the errors writes raise. */
final class DiscountCodeRows {

  private static final String UNIQUE_VIOLATION = "23505";

  private DiscountCodeRows() {}

  static IssuedCode issued(Row row) {
    Long discounted = row.getLong("discounted_total");
    OffsetDateTime used = row.getOffsetDateTime("used_at");
    return new IssuedCode(
        new DiscountCode(row.getString("code")),
        CompanyId.parse(row.getString("merchant_id")),
        row.getInteger("discount_percent"),
        row.getOffsetDateTime("created_at").toInstant(),
        row.getOffsetDateTime("expires_at").toInstant(),
        row.getBoolean("wallet_proven"),
        discounted == null ? OptionalLong.empty() : OptionalLong.of(discounted),
        Optional.ofNullable(used).map(OffsetDateTime::toInstant));
  }

  static String wallet(List<String> keys, String prefix) {
    return keys.stream()
        .filter(k -> k.startsWith(prefix))
        .map(k -> k.substring(prefix.length()))
        .findFirst()
        .orElse(null);
  }

  static long count(RowSet<Row> rows) {
    return rows.iterator().next().getLong("n");
  }

  static boolean uniqueViolation(Throwable e) {
    return e instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState());
  }

  /** The insert of a code whose text an earlier code holds (the primary key). */
  static boolean codeTaken(Throwable e) {
    return e instanceof PgException pg
        && UNIQUE_VIOLATION.equals(pg.getSqlState())
        && "discount_code_pkey".equals(pg.getConstraint());
  }
}
