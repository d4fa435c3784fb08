package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.CreditLedger.Debit;
import org.walletstate.application.port.out.CreditLedger.DebitRequest;
import org.walletstate.application.port.out.CreditLedger.Refund;
import org.walletstate.application.port.out.CreditLedger.RefundRequest;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgCreditLedgerTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  @Inject PgCreditLedger ledger;
  @Inject Pool pool;

  private static DebitRequest debit(long keyId, long credits, String idempotencyKey) {
    return new DebitRequest(
        keyId, credits, "attest", "ATST-" + idempotencyKey, idempotencyKey, Instant.now());
  }

  private long account(long credits) {
    return TestAccounts.withCredits(pool, credits, 10_000).await().atMost(WAIT);
  }

  @Test
  void concurrentDebits_neverOverdrawAndTheBalanceEqualsTheLedger() {
    long key = account(100);
    List<Uni<Debit>> debits = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      debits.add(ledger.debit(debit(key, 1, UUID.randomUUID().toString())));
    }
    List<Debit> outcomes =
        Uni.join().all(debits).usingConcurrencyOf(200).andFailFast().await().atMost(WAIT);

    assertThat(outcomes.stream().filter(d -> d instanceof Debit.Applied)).hasSize(100);
    assertThat(outcomes.stream().filter(d -> d instanceof Debit.Insufficient)).hasSize(100);
    assertThat(outcomes.stream().filter(d -> d instanceof Debit.Insufficient))
        .allSatisfy(d -> assertThat(((Debit.Insufficient) d).required()).isEqualTo(1));
    TestAccounts.Books books = TestAccounts.books(pool, key).await().atMost(WAIT);
    assertThat(books.balance()).isZero();
    assertThat(books.ledgerSum()).isEqualTo(books.balance());
    assertThat(books.debits()).isEqualTo(100);
  }

  @Test
  void aDebitLargerThanTheBalanceTakesNothingAndSaysWhatIsAvailable() {
    long key = account(3);
    Debit outcome = ledger.debit(debit(key, 5, "big")).await().atMost(WAIT);
    assertThat(outcome).isEqualTo(new Debit.Insufficient(3, 5));
    TestAccounts.Books books = TestAccounts.books(pool, key).await().atMost(WAIT);
    assertThat(books.balance()).isEqualTo(3);
    assertThat(books.debits()).isZero();
  }

  @Test
  void replayingAnIdempotencyKey_doesNotDebitTwice() {
    long key = account(10);
    Debit first = ledger.debit(debit(key, 2, "request-1")).await().atMost(WAIT);
    Debit again = ledger.debit(debit(key, 2, "request-1")).await().atMost(WAIT);
    assertThat(first).isInstanceOf(Debit.Applied.class);
    assertThat(again).isEqualTo(new Debit.Replayed(((Debit.Applied) first).entryId(), 8));
    TestAccounts.Books books = TestAccounts.books(pool, key).await().atMost(WAIT);
    assertThat(books.balance()).isEqualTo(8).isEqualTo(books.ledgerSum());
  }

  @Test
  void replayingAnIdempotencyKey_onceTheCreditsAreGone_isStillAReplayNotAShortfall() {
    long key = account(2);
    Debit first = ledger.debit(debit(key, 2, "request-1")).await().atMost(WAIT);
    Debit again = ledger.debit(debit(key, 2, "request-1")).await().atMost(WAIT);
    assertThat(again).isEqualTo(new Debit.Replayed(((Debit.Applied) first).entryId(), 0));
    TestAccounts.Books books = TestAccounts.books(pool, key).await().atMost(WAIT);
    assertThat(books.balance()).isZero().isEqualTo(books.ledgerSum());
    assertThat(books.debits()).isEqualTo(1);
  }

  @Test
  void concurrentReplaysOfOneIdempotencyKey_debitOnce() {
    long key = account(50);
    List<Uni<Debit>> debits = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      debits.add(ledger.debit(debit(key, 1, "same-request")));
    }
    List<Debit> outcomes =
        Uni.join().all(debits).usingConcurrencyOf(20).andFailFast().await().atMost(WAIT);
    assertThat(outcomes.stream().filter(d -> d instanceof Debit.Applied)).hasSize(1);
    assertThat(outcomes.stream().filter(d -> d instanceof Debit.Replayed)).hasSize(19);
    TestAccounts.Books books = TestAccounts.books(pool, key).await().atMost(WAIT);
    assertThat(books.balance()).isEqualTo(49).isEqualTo(books.ledgerSum());
  }

  @Test
  void aRefundRestoresExactlyOneDebitOnce() {
    long key = account(10);
    Debit.Applied charged =
        (Debit.Applied) ledger.debit(debit(key, 2, "with-proof")).await().atMost(WAIT);
    RefundRequest premium =
        new RefundRequest(key, charged.entryId(), 1, "proof not delivered", Instant.now());

    Refund refunded = ledger.refund(premium).await().atMost(WAIT);
    Refund again = ledger.refund(premium).await().atMost(WAIT);

    assertThat(refunded).isInstanceOf(Refund.Applied.class);
    assertThat(((Refund.Applied) refunded).balance()).isEqualTo(9);
    assertThat(again).isEqualTo(new Refund.AlreadyRefunded(9));
    TestAccounts.Books books = TestAccounts.books(pool, key).await().atMost(WAIT);
    assertThat(books.balance()).isEqualTo(9).isEqualTo(books.ledgerSum());
    assertThat(books.refunds()).isEqualTo(1);
    Long refundOf =
        pool.preparedQuery(
                "select refund_of from credit_entry where api_key_id = $1 and kind = 'refund'")
            .execute(Tuple.of(key))
            .map(rows -> rows.iterator().next().getLong("refund_of"))
            .await()
            .atMost(WAIT);
    assertThat(refundOf).isEqualTo(charged.entryId());
  }

  @Test
  void aRefundCannotExceedItsDebitOrCrossAccounts() {
    long key = account(10);
    long other = account(10);
    Debit.Applied charged = (Debit.Applied) ledger.debit(debit(key, 2, "d")).await().atMost(WAIT);
    assertThatThrownBy(
            () ->
                ledger
                    .refund(new RefundRequest(key, charged.entryId(), 3, "too much", Instant.now()))
                    .await()
                    .atMost(WAIT))
        .hasMessageContaining("exceeds");
    assertThatThrownBy(
            () ->
                ledger
                    .refund(
                        new RefundRequest(other, charged.entryId(), 1, "wrong key", Instant.now()))
                    .await()
                    .atMost(WAIT))
        .hasMessageContaining("another account");
    assertThat(TestAccounts.books(pool, key).await().atMost(WAIT).balance()).isEqualTo(8);
  }

  @Test
  void theLedgerIsAppendOnly() {
    long key = account(5);
    assertThatThrownBy(
            () ->
                pool.preparedQuery("update credit_entry set amount = 1000 where api_key_id = $1")
                    .execute(Tuple.of(key))
                    .await()
                    .atMost(WAIT))
        .hasMessageContaining("never changed or removed");
    assertThatThrownBy(
            () ->
                pool.preparedQuery("delete from credit_entry where api_key_id = $1")
                    .execute(Tuple.of(key))
                    .await()
                    .atMost(WAIT))
        .hasMessageContaining("never changed or removed");
  }
}
