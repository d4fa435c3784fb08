package org.walletstate.adapters.persistence.commerce;

import static org.walletstate.adapters.persistence.SqlRows.first;
import static org.walletstate.adapters.persistence.SqlRows.utc;
import static org.walletstate.adapters.persistence.commerce.DiscountCodeRows.issued;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.adapters.persistence.RolledBack;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payment.Payment;

/**
 * {@link DiscountCodes} on PostgreSQL. Issuing ({@link DiscountCodeIssuing}) is one transaction
 * under a transaction-scoped advisory lock on the store, so the checks (a concurrent twin, the
 * nonce, the wallet's day, the other keys' counts in {@link OtherKeyCounts}) and the writes (the
 * owner's debit with its ledger entry, the code) cannot interleave with another issue at the same
 * store; a refusal rolls everything back.
 */
public class PgDiscountCodes implements DiscountCodes {

  private static final String FIND =
      "select code, merchant_id, discount_percent, created_at, expires_at, wallet_proven,"
          + " discounted_total, used_at, signed, payment_tx_hash from discount_code where code = $1";
  private static final String BOUND =
      "select code, merchant_id, discount_percent, created_at, expires_at, wallet_proven,"
          + " discounted_total, used_at, owner_key_id, caller_key_id, wallet_evm, wallet_solana"
          + " from discount_code where code = $1";
  private static final String USE =
      "update discount_code set used_at = $2, payment_chain_id = $3, payment_tx_hash = $4,"
          + " payment_sender = $5, payment_raw = $6 where code = $1";

  // Built from its pool alone, like the other Pg stores, by design: each runs only its own
  // statements on it.
  private final Pool pool;

  public PgDiscountCodes(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Issue> issue(NewCode row) {
    return pool.withTransaction(c -> DiscountCodeIssuing.issue(c, row))
        .onFailure(RolledBack.class)
        .recoverWithItem(e -> RolledBack.answer(e, Issue.class))
        .onFailure(DiscountCodeRows::codeTaken)
        .recoverWithItem(new Issue.CodeTaken());
  }

  @Override
  public Uni<Optional<IssuedCode>> find(DiscountCode code) {
    return pool.preparedQuery(FIND)
        .execute(Tuple.of(code.text()))
        .map(rows -> first(rows, DiscountCodeRows::issued));
  }

  @Override
  public Uni<Optional<Bound>> bound(DiscountCode code) {
    return pool.preparedQuery(BOUND)
        .execute(Tuple.of(code.text()))
        .map(
            rows ->
                first(
                    rows,
                    row ->
                        new Bound(
                            issued(row),
                            row.getLong("owner_key_id"),
                            row.getLong("caller_key_id"),
                            Optional.ofNullable(row.getString("wallet_evm")),
                            Optional.ofNullable(row.getString("wallet_solana")))));
  }

  @Override
  public Uni<Use> use(DiscountCode code, Payment payment, Instant now, Instant confirmableUntil) {
    return pool.withTransaction(
            c ->
                c.preparedQuery(FIND + " for update")
                    .execute(Tuple.of(code.text()))
                    .flatMap(rows -> use(c, rows, payment, now, confirmableUntil)))
        .onFailure(DiscountCodeRows::uniqueViolation)
        .recoverWithItem(new Use.PaymentTaken());
  }

  /** The code's row, locked: used now unless it is missing, used already or expired. */
  private static Uni<Use> use(
      SqlConnection c, RowSet<Row> rows, Payment payment, Instant now, Instant confirmableUntil) {
    if (rows.size() == 0) {
      return Uni.createFrom().item((Use) new Use.NotFound());
    }
    String hash = payment.hash().toString();
    Row row = rows.iterator().next();
    IssuedCode found = issued(row);
    if (found.usedAt().isPresent()) {
      return Uni.createFrom()
          .item(
              hash.equals(row.getString("payment_tx_hash"))
                  ? new Use.Replayed(found)
                  : new Use.AlreadyUsed(found));
    }
    if (!now.isBefore(confirmableUntil)) {
      return Uni.createFrom().item((Use) new Use.Expired(found));
    }
    return c.preparedQuery(USE)
        .execute(
            Tuple.from(
                new Object[] {
                  found.code().text(),
                  utc(now),
                  payment.chain().toString(),
                  hash,
                  payment.sender() instanceof EvmAddress evm
                      ? evm.lowercase()
                      : payment.sender().text(),
                  new BigDecimal(payment.raw())
                }))
        .map(
            done ->
                (Use)
                    new Use.Used(
                        new IssuedCode(
                            found.code(),
                            found.merchantId(),
                            found.discountPercent(),
                            found.createdAt(),
                            found.expiresAt(),
                            found.walletProven(),
                            found.discountedTotal(),
                            Optional.of(now))));
  }
}
