package org.walletstate.adapters.persistence.commerce;

import static org.walletstate.adapters.persistence.SqlRows.utc;
import static org.walletstate.adapters.persistence.commerce.DiscountCodeRows.count;
import static org.walletstate.adapters.persistence.commerce.DiscountCodeRows.wallet;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.Optional;
import org.walletstate.adapters.persistence.PgCreditLedger;
import org.walletstate.adapters.persistence.RolledBack;
import org.walletstate.application.commerce.port.out.DiscountCodes.Issue;
import org.walletstate.application.commerce.port.out.DiscountCodes.NewCode;
import org.walletstate.application.commerce.port.out.DiscountCodes.ProofNonce;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.domain.commerce.discount.IssuedCode;

/**
 * The issue of one discount code inside its transaction: the store's advisory lock, then a twin of
 * the same request answered again, or the checks (the owner is active, the proof's nonce is fresh,
 * the wallet's day, the other keys' counts in {@link OtherKeyCounts}) and the writes (the owner's
 * debit with its ledger entry, the code). A refusal throws {@link RolledBack} with its answer.
 */
final class DiscountCodeIssuing {

  // The statements as constants, one per step, as LogBatches keeps its own by design: each names
  // its table's columns and locks.
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

  private DiscountCodeIssuing() {}

  /** Issues {@code row} on {@code c}, a connection inside a transaction. */
  static Uni<Issue> issue(SqlConnection c, NewCode row) {
    return c.preparedQuery(LOCK)
        .execute(Tuple.of(row.code().merchantId().value()))
        .flatMap(locked -> twin(c, row))
        .flatMap(twin -> twin.isPresent() ? Uni.createFrom().item(twin.get()) : checked(c, row));
  }

  private static Uni<Optional<Issue>> twin(SqlConnection c, NewCode row) {
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
                                  DiscountCodeRows.issued(found),
                                  found.getString("signed"),
                                  owner.iterator().next().getLong("credits"))));
            });
  }

  private static Uni<Issue> checked(SqlConnection c, NewCode row) {
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
                  .map(DiscountCodeIssuing::unlessRefused)
                  .flatMap(v -> debit(c, row, balance))
                  .flatMap(debit -> insert(c, row, debit));
            });
  }

  /** The owner's ledger entry for the debit (none when the code costs nothing), and the balance. */
  private record Taken(Long entry, long balance) {}

  /** The code's row, with the owner's ledger entry when credits were taken. */
  private static Uni<Issue> insert(SqlConnection c, NewCode row, Taken debit) {
    IssuedCode code = row.code();
    return c.preparedQuery(INSERT)
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
                  code.discountedTotal().isPresent() ? code.discountedTotal().getAsLong() : null,
                  debit.entry(),
                  utc(code.createdAt()),
                  utc(code.expiresAt())
                }))
        .map(inserted -> (Issue) new Issue.Issued(debit.balance()));
  }

  private static Uni<Void> nonce(SqlConnection c, NewCode row) {
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

  private static Uni<Void> daily(SqlConnection c, NewCode row) {
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

  private static Uni<Taken> debit(SqlConnection c, NewCode row, long balance) {
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
}
