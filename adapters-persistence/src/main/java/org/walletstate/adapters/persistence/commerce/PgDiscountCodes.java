package org.walletstate.adapters.persistence.commerce;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.walletstate.adapters.persistence.PgCreditLedger;
import org.walletstate.adapters.persistence.RolledBack;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payment.Payment;

/**
 * {@link DiscountCodes} on PostgreSQL. Issuing is one transaction under a transaction-scoped
 * advisory lock on the store, so the checks (a concurrent twin, the nonce, the wallet's day, the
 * other keys' counts in {@link OtherKeyCounts}) and the writes (the owner's debit with its ledger
 * entry, the code) cannot interleave with another issue at the same store; a refusal rolls
 * everything back.
 */
public class PgDiscountCodes implements DiscountCodes {

  private static final String UNIQUE_VIOLATION = "23505";

  private static final String LOCK =
      "select pg_advisory_xact_lock(hashtextextended('discount:' || lower($1), 0))";
  private static final String TWIN =
      "select code, merchant_id, discount_percent, created_at, expires_at, wallet_proven,"
          + " discounted_total, used_at, signed from discount_code"
          + " where fingerprint = $1 and created_at >= $2 order by created_at limit 1";
  private static final String OWNER = "select credits, disabled_at from api_key where id = $1";
  private static final String NONCE =
      "insert into wallet_sign_in_nonce (wallet, nonce, used_at) values ($1, $2, $3)"
          + " on conflict do nothing returning nonce";
  private static final String TODAY =
      "select count(*) as n from discount_code where merchant_id = $1 and created_at >= $2"
          + " and discount_percent > 0 and not wallet_proven"
          + " and (wallet_evm = $3 or wallet_solana = $4 or wallet_xrpl = $5)";
  private static final String INSERT =
      "insert into discount_code (code, merchant_id, owner_key_id, caller_key_id,"
          + " discount_percent, wallet_proven, wallet_evm, wallet_solana, wallet_xrpl,"
          + " fingerprint, signed, order_total, discounted_total, credit_entry_id, created_at,"
          + " expires_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,"
          + " $15, $16)";
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

  private final Pool pool;

  public PgDiscountCodes(Pool pool) {
    this.pool = pool;
  }

  @Override
  public Uni<Issue> issue(NewCode row) {
    IssuedCode code = row.code();
    return pool.withTransaction(
            c ->
                c.preparedQuery(LOCK)
                    .execute(Tuple.of(code.merchantId().value()))
                    .flatMap(locked -> twin(c, row))
                    .flatMap(
                        twin ->
                            twin.isPresent() ? Uni.createFrom().item(twin.get()) : checked(c, row)))
        .onFailure(RolledBack.class)
        .recoverWithItem(e -> RolledBack.answer(e, Issue.class))
        .onFailure(PgDiscountCodes::codeTaken)
        .recoverWithItem(new Issue.CodeTaken());
  }

  private Uni<Optional<Issue>> twin(SqlConnection c, NewCode row) {
    return c.preparedQuery(TWIN)
        .execute(Tuple.of(row.fingerprint(), utc(row.requestStartedAt())))
        .flatMap(
            rows -> {
              if (rows.size() == 0) {
                return Uni.createFrom().item(Optional.<Issue>empty());
              }
              Row found = rows.iterator().next();
              return c.preparedQuery(OWNER)
                  .execute(Tuple.of(row.ownerKeyId()))
                  .map(
                      owner ->
                          Optional.<Issue>of(
                              new Issue.Replayed(
                                  issued(found),
                                  found.getString("signed"),
                                  owner.iterator().next().getLong("credits"))));
            });
  }

  private Uni<Issue> checked(SqlConnection c, NewCode row) {
    IssuedCode code = row.code();
    return c.preparedQuery(OWNER)
        .execute(Tuple.of(row.ownerKeyId()))
        .flatMap(
            owners -> {
              if (owners.size() == 0
                  || owners.iterator().next().getOffsetDateTime("disabled_at") != null) {
                throw new RolledBack(new Issue.OwnerInactive());
              }
              long balance = owners.iterator().next().getLong("credits");
              return nonce(c, row)
                  .flatMap(v -> daily(c, row))
                  .flatMap(v -> OtherKeyCounts.refusal(c, row))
                  .map(PgDiscountCodes::unlessRefused)
                  .flatMap(v -> debit(c, row, balance))
                  .flatMap(
                      debit ->
                          c.preparedQuery(INSERT)
                              .execute(
                                  Tuple.from(
                                      new Object[] {
                                        code.code().text(),
                                        code.merchantId().value(),
                                        row.ownerKeyId(),
                                        row.callerKeyId(),
                                        code.discountPercent(),
                                        code.walletProven(),
                                        wallet(row.walletKeys(), "evm:"),
                                        wallet(row.walletKeys(), "solana:"),
                                        wallet(row.walletKeys(), "xrpl:"),
                                        row.fingerprint(),
                                        row.signed(),
                                        row.orderTotal().orElse(null),
                                        code.discountedTotal().isPresent()
                                            ? code.discountedTotal().getAsLong()
                                            : null,
                                        debit.entry(),
                                        utc(code.createdAt()),
                                        utc(code.expiresAt())
                                      }))
                              .map(inserted -> (Issue) new Issue.Issued(debit.balance())));
            });
  }

  private record Taken(Long entry, long balance) {}

  private Uni<Void> nonce(SqlConnection c, NewCode row) {
    if (row.proofNonce().isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    ProofNonce nonce = row.proofNonce().get();
    return c.preparedQuery(NONCE)
        .execute(Tuple.of(nonce.wallet(), nonce.nonce(), utc(row.code().createdAt())))
        .map(
            rows -> {
              if (rows.size() == 0) {
                throw new RolledBack(new Issue.NonceUsed());
              }
              return null;
            });
  }

  private Uni<Void> daily(SqlConnection c, NewCode row) {
    if (row.dailyLimit().isEmpty()) {
      return Uni.createFrom().voidItem();
    }
    int limit = row.dailyLimit().get();
    return c.preparedQuery(TODAY)
        .execute(
            Tuple.of(
                row.code().merchantId().value(),
                utc(row.dayStart()),
                wallet(row.walletKeys(), "evm:"),
                wallet(row.walletKeys(), "solana:"),
                wallet(row.walletKeys(), "xrpl:")))
        .map(
            rows -> {
              if (count(rows) >= limit) {
                throw new RolledBack(new Issue.DailyLimitReached(limit));
              }
              return null;
            });
  }

  private static Void unlessRefused(Optional<Issue> refusal) {
    refusal.ifPresent(
        r -> {
          throw new RolledBack(r);
        });
    return null;
  }

  private Uni<Taken> debit(SqlConnection c, NewCode row, long balance) {
    if (row.credits() == 0) {
      return Uni.createFrom().item(new Taken(null, balance));
    }
    IssuedCode code = row.code();
    return PgCreditLedger.takeAndRecord(
            c,
            new CreditLedger.DebitRequest(
                row.ownerKeyId(),
                row.credits(),
                "discount_code",
                code.code().text(),
                "discount:" + code.code().text(),
                code.createdAt()))
        .map(
            rows -> {
              if (rows.size() == 0) {
                throw new RolledBack(new Issue.NoCredits(balance));
              }
              Row taken = rows.iterator().next();
              return new Taken(taken.getLong("id"), taken.getLong("credits"));
            });
  }

  @Override
  public Uni<Optional<IssuedCode>> find(DiscountCode code) {
    return pool.preparedQuery(FIND)
        .execute(Tuple.of(code.text()))
        .map(
            rows ->
                rows.size() == 0
                    ? Optional.<IssuedCode>empty()
                    : Optional.of(issued(rows.iterator().next())));
  }

  @Override
  public Uni<Optional<Bound>> bound(DiscountCode code) {
    return pool.preparedQuery(BOUND)
        .execute(Tuple.of(code.text()))
        .map(
            rows -> {
              if (rows.size() == 0) {
                return Optional.<Bound>empty();
              }
              Row row = rows.iterator().next();
              return Optional.of(
                  new Bound(
                      issued(row),
                      row.getLong("owner_key_id"),
                      row.getLong("caller_key_id"),
                      Optional.ofNullable(row.getString("wallet_evm")),
                      Optional.ofNullable(row.getString("wallet_solana"))));
            });
  }

  @Override
  public Uni<Use> use(DiscountCode code, Payment payment, Instant now, Instant confirmableUntil) {
    String hash = payment.hash().toString();
    return pool.withTransaction(
            c ->
                c.preparedQuery(FIND + " for update")
                    .execute(Tuple.of(code.text()))
                    .flatMap(
                        rows -> {
                          if (rows.size() == 0) {
                            return Uni.createFrom().item((Use) new Use.NotFound());
                          }
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
                                        code.text(),
                                        utc(now),
                                        payment.chain().toString(),
                                        hash,
                                        payment.sender()
                                                instanceof
                                                org.walletstate.domain.address.EvmAddress evm
                                            ? evm.lowercase()
                                            : payment.sender().text(),
                                        new java.math.BigDecimal(payment.raw())
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
                        }))
        .onFailure(PgDiscountCodes::uniqueViolation)
        .recoverWithItem(new Use.PaymentTaken());
  }

  private static IssuedCode issued(Row row) {
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

  private static String wallet(List<String> keys, String prefix) {
    return keys.stream()
        .filter(k -> k.startsWith(prefix))
        .map(k -> k.substring(prefix.length()))
        .findFirst()
        .orElse(null);
  }

  private static long count(RowSet<Row> rows) {
    return rows.iterator().next().getLong("n");
  }

  private static OffsetDateTime utc(Instant instant) {
    return instant.atOffset(ZoneOffset.UTC);
  }

  private static boolean uniqueViolation(Throwable e) {
    return e instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState());
  }

  /** The insert of a code whose text an earlier code holds (the primary key). */
  private static boolean codeTaken(Throwable e) {
    return e instanceof PgException pg
        && UNIQUE_VIOLATION.equals(pg.getSqlState())
        && "discount_code_pkey".equals(pg.getConstraint());
  }
}
