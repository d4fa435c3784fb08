package org.walletstate.adapters.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import java.util.function.Supplier;
import org.walletstate.application.port.out.CreditLedger;

/**
 * {@link CreditLedger} in PostgreSQL, in plain SQL because each statement is the guarantee: the
 * balance moves only by a conditional update ({@code credits >= n}) in the same transaction as the
 * entry that explains it; a debit's idempotency key and a refund's debit are unique indexes, so a
 * replay or a second refund cannot apply.
 *
 * <p>A debit is one statement, so one database round trip: the conditional update and the ledger
 * insert are two data-modifying parts of one {@code with} query, which PostgreSQL runs as one
 * transaction. The insert takes its row from the update's result, so no entry is written when the
 * credits cannot be taken; a replayed idempotency key fails the insert on its unique index and the
 * whole statement, update included, is rolled back.
 */
public class PgCreditLedger implements CreditLedger {

  // The statements as constants, as every store keeps its own, by design: each is the guarantee
  // it gives, read beside the code that runs it.
  private static final String UNIQUE_VIOLATION = "23505";

  private static final String BALANCE = "select credits from api_key where id = $1";
  private static final String FIND_DEBIT =
      "select id from credit_entry"
          + " where api_key_id = $1 and idempotency_key = $2 and kind = 'debit'";
  private static final String GIVE =
      "update api_key set credits = credits + $2 where id = $1 returning credits";
  // The debit's two parts: the conditional update, and the ledger entry it explains.
  private static final String TAKE =
      "with taken as (update api_key set credits = credits - $2 where id = $1 and credits >= $2"
          + " returning credits),"
          + " entry as (insert into credit_entry"
          + " (api_key_id, kind, amount, reason, request_id, idempotency_key, created_at)"
          + " select $1, 'debit', -$2, $3, $4, $5, $6 from taken returning id)";
  private static final String TAKEN = " select taken.credits, entry.id from taken, entry";
  private static final String TAKE_AND_RECORD = TAKE + TAKEN;
  // The same debit, also writing the statements it pays for to the transparency log, unsequenced
  // (the log's batch gives them their indexes): one statement, so the call commits once.
  private static final String TAKE_RECORD_AND_LOG =
      TAKE + ", logged as (" + unsequenced("taken, ", 7) + ")" + TAKEN;
  private static final String LOG_UNSEQUENCED = unsequenced("", 1);
  private static final String DEBIT_OF =
      "select api_key_id, amount from credit_entry where id = $1 and kind = 'debit'";
  private static final String INSERT_REFUND =
      "insert into credit_entry (api_key_id, kind, amount, reason, request_id, refund_of,"
          + " created_at)"
          + " select api_key_id, 'refund', $2, $3, request_id, id, $4 from credit_entry"
          + " where id = $1"
          + " on conflict (refund_of) where refund_of is not null do nothing returning id";

  private final Pool pool;

  /**
   * Inserts the entries of the arrays from parameter {@code $first} on ({@link EntryColumns}),
   * without an index, in their order; {@code alsoFrom} is joined before them.
   */
  private static String unsequenced(String alsoFrom, int first) {
    return "insert into log_entry (statement_id, statement_hash, kind, kid, leaf_hash)"
        + " select v.statement_id, v.statement_hash, v.kind, v.kid, v.leaf_hash from "
        + alsoFrom
        + EntryColumns.unnested(first)
        + " order by v.n";
  }

  public PgCreditLedger(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Long> balance(long keyId) {
    return pool.preparedQuery(BALANCE).execute(Tuple.of(keyId)).map(PgCreditLedger::credits);
  }

  /**
   * The debit's one statement on {@code connection}, inside a caller's transaction (a discount
   * code's credit is taken in the transaction that stores the code): one row {@code (credits, id)}
   * when taken, none when the balance is short. A replayed idempotency key fails on its index.
   */
  public static Uni<RowSet<Row>> takeAndRecord(SqlConnection connection, DebitRequest request) {
    return connection.preparedQuery(TAKE_AND_RECORD).execute(debitTuple(request));
  }

  private static Tuple debitTuple(DebitRequest request) {
    return Tuple.from(
        new Object[] {
          request.keyId(),
          request.credits(),
          request.reason(),
          request.requestId(),
          request.idempotencyKey(),
          SqlRows.utc(request.at())
        });
  }

  /**
   * The debit is one statement, committed synchronously. The request's statements are inserted into
   * {@code log_entry} by the same statement, unsequenced, only when the credits are taken; a
   * replayed debit (whose statement rolled back, or took nothing) writes them in a statement of
   * their own.
   */
  @Override
  public Uni<Debit> debit(DebitRequest request) {
    return taken(request)
        .call(
            debit ->
                debit instanceof Debit.Replayed && !request.statements().isEmpty()
                    ? pool.preparedQuery(LOG_UNSEQUENCED)
                        .execute(EntryColumns.added(Tuple.tuple(), request.statements()))
                    : Uni.createFrom().voidItem());
  }

  private Uni<Debit> taken(DebitRequest request) {
    Tuple arguments =
        request.statements().isEmpty()
            ? debitTuple(request)
            : EntryColumns.added(debitTuple(request), request.statements());
    String statement = request.statements().isEmpty() ? TAKE_AND_RECORD : TAKE_RECORD_AND_LOG;
    return pool.preparedQuery(statement)
        .execute(arguments)
        .flatMap(
            rows -> {
              if (rows.size() > 0) {
                Row row = rows.iterator().next();
                return Uni.createFrom()
                    .item((Debit) new Debit.Applied(row.getLong("id"), row.getLong("credits")));
              }
              // the credits could not be taken: a replay of an applied debit, or too few
              return pool.withConnection(
                  connection ->
                      replayedOr(
                          connection,
                          request,
                          () ->
                              balanceIn(connection, request.keyId())
                                  .map(
                                      available ->
                                          new Debit.Insufficient(available, request.credits()))));
            })
        .onFailure(PgCreditLedger::isUniqueViolation)
        // a debit with the same idempotency key was recorded first: this statement rolled back
        .recoverWithUni(() -> pool.withConnection(connection -> replayed(connection, request)));
  }

  private static Uni<Debit> replayed(SqlConnection connection, DebitRequest request) {
    return replayedOr(
        connection,
        request,
        () -> {
          throw new IllegalStateException(
              "a debit collided on its idempotency key, but none is recorded under it");
        });
  }

  /** The debit recorded under the request's idempotency key, else {@code otherwise}. */
  private static Uni<Debit> replayedOr(
      SqlConnection connection, DebitRequest request, Supplier<Uni<? extends Debit>> otherwise) {
    return connection
        .preparedQuery(FIND_DEBIT)
        .execute(Tuple.of(request.keyId(), request.idempotencyKey()))
        .flatMap(
            found -> {
              if (found.size() == 0) {
                return otherwise.get().map(Debit.class::cast);
              }
              long entryId = found.iterator().next().getLong("id");
              return balanceIn(connection, request.keyId())
                  .map(balance -> (Debit) new Debit.Replayed(entryId, balance));
            });
  }

  @Override
  public Uni<Refund> refund(RefundRequest request) {
    return pool.withTransaction(
        connection ->
            connection
                .preparedQuery(DEBIT_OF)
                .execute(Tuple.of(request.debitEntryId()))
                .flatMap(
                    debits -> {
                      checkRefundable(debits, request);
                      return connection
                          .preparedQuery(INSERT_REFUND)
                          .execute(
                              Tuple.of(
                                  request.debitEntryId(),
                                  request.credits(),
                                  request.reason(),
                                  SqlRows.utc(request.at())));
                    })
                .flatMap(
                    inserted ->
                        inserted.size() == 0
                            ? balanceIn(connection, request.keyId())
                                .map(balance -> (Refund) new Refund.AlreadyRefunded(balance))
                            : connection
                                .preparedQuery(GIVE)
                                .execute(Tuple.of(request.keyId(), request.credits()))
                                .map(
                                    given ->
                                        new Refund.Applied(
                                            inserted.iterator().next().getLong("id"),
                                            credits(given)))));
  }

  private static void checkRefundable(RowSet<Row> debits, RefundRequest request) {
    if (debits.size() == 0) {
      throw new IllegalArgumentException("no debit " + request.debitEntryId() + " to refund");
    }
    Row debit = debits.iterator().next();
    if (debit.getLong("api_key_id") != request.keyId()) {
      throw new IllegalArgumentException(
          "debit " + request.debitEntryId() + " belongs to another account");
    }
    if (request.credits() > -debit.getLong("amount")) {
      throw new IllegalArgumentException(
          "a refund of " + request.credits() + " exceeds debit " + request.debitEntryId());
    }
  }

  private static Uni<Long> balanceIn(SqlConnection connection, long keyId) {
    return connection.preparedQuery(BALANCE).execute(Tuple.of(keyId)).map(PgCreditLedger::credits);
  }

  private static long credits(RowSet<Row> rows) {
    if (rows.size() == 0) {
      throw new IllegalArgumentException("no such account");
    }
    return rows.iterator().next().getLong("credits");
  }

  private static boolean isUniqueViolation(Throwable failure) {
    return failure instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState());
  }
}
