package org.walletstate.adapters.persistence;

import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.RowSet;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * How the stores read a statement's rows into their records, and write an instant into a {@code
 * timestamptz} parameter, in one place.
 */
public final class SqlRows {

  private SqlRows() {}

  /** Every row read by {@code read}, in the rows' order (a list the caller may change). */
  public static <T> List<T> each(RowSet<Row> rows, Function<Row, T> read) {
    List<T> all = new ArrayList<>();
    rows.forEach(row -> all.add(read.apply(row)));
    return all;
  }

  /** The first row read by {@code read}; empty when there is none. */
  public static <T> Optional<T> first(RowSet<Row> rows, Function<Row, T> read) {
    RowIterator<Row> it = rows.iterator();
    return it.hasNext() ? Optional.of(read.apply(it.next())) : Optional.empty();
  }

  /** The instant in {@code column} of {@code row}; empty when it is null. */
  public static Optional<Instant> instant(Row row, String column) {
    return Optional.ofNullable(row.getOffsetDateTime(column)).map(OffsetDateTime::toInstant);
  }

  /** {@code at} in UTC, as a {@code timestamptz} parameter takes it. */
  public static OffsetDateTime utc(Instant at) {
    return at.atOffset(ZoneOffset.UTC);
  }
}
