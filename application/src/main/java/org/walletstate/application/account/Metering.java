package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.List;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.CreditLedger.Debit;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * Credits around a piece of work: check the price before doing it, charge only once it succeeded,
 * give back the proof premium when no proof was delivered. A refused or failed call is never
 * charged, because nothing is taken until {@link #charge} is called with its finished result.
 */
public final class Metering {

  // Fields written out by design: each class holds only what it is given.
  private final CreditLedger ledger;
  private final Clock clock;

  public Metering(CreditLedger ledger, Clock clock) {
    this.ledger = ledger;
    this.clock = clock;
  }

  /**
   * Before the work: can the key pay {@code price} now? Decided on the balance read when the
   * request was admitted when the account carries one (no database round trip), else on a fresh
   * read. Either way the debit after the work is conditional on the live balance.
   */
  public Uni<Affordability> check(KeyAccount account, CreditPrice price) {
    return balance(account).map(balance -> affordability(balance, price));
  }

  /** The key's balance: as read when the request was admitted, else a fresh read. */
  public Uni<Long> balance(KeyAccount account) {
    if (account.credits().isPresent()) {
      return Uni.createFrom().item(account.credits().getAsLong());
    }
    return ledger.balance(account.id());
  }

  private static Affordability affordability(long balance, CreditPrice price) {
    return balance >= price.credits()
        ? new Affordability.Affordable(balance)
        : new Affordability.Short(balance, price.credits());
  }

  /**
   * After the work succeeded: takes the price, once per {@code requestId}, logging {@code
   * statements} with the debit ({@link CreditLedger#debit}): they are durable once it is applied or
   * replayed, and not written when the credits are short.
   *
   * @param reason what was bought, for the ledger
   */
  public Uni<Debit> charge(
      KeyAccount account,
      CreditPrice price,
      String reason,
      String requestId,
      List<LoggedStatement> statements) {
    return ledger.debit(
        new CreditLedger.DebitRequest(
            account.id(),
            price.credits(),
            reason,
            requestId,
            requestId,
            clock.instant(),
            statements));
  }

  /** Gives back the proof premium of a charge whose proofs were not delivered. */
  private Uni<CreditLedger.Refund> refundPremium(
      KeyAccount account, CreditPrice price, long debitEntryId, String reason) {
    return ledger.refund(
        new CreditLedger.RefundRequest(
            account.id(), debitEntryId, price.proofPremium(), reason, clock.instant()));
  }

  /**
   * After the charge: what the call came to. A key that could no longer pay (its credits were spent
   * by a concurrent call since the check) is {@link Settlement.Unpaid}, and the work is discarded.
   * Otherwise the price is kept, less the proof premium when proofs were asked for and none was
   * delivered: that premium goes back as a refund entry naming the debit.
   *
   * @param refundReason why the premium is given back, for the ledger
   */
  public Uni<Settlement> settle(
      KeyAccount account,
      CreditPrice price,
      Debit debit,
      boolean proofDelivered,
      String refundReason) {
    if (debit instanceof Debit.Insufficient insufficient) {
      return Uni.createFrom()
          .item(new Settlement.Unpaid(insufficient.available(), insufficient.required()));
    }
    long entryId;
    long balance;
    if (debit instanceof Debit.Applied applied) {
      entryId = applied.entryId();
      balance = applied.balance();
    } else {
      Debit.Replayed replayed = (Debit.Replayed) debit;
      entryId = replayed.entryId();
      balance = replayed.balance();
    }
    if (price.proofPremium() == 0 || proofDelivered) {
      return Uni.createFrom().item(new Settlement.Paid(price.credits(), balance));
    }
    return refundPremium(account, price, entryId, refundReason)
        .map(
            refund ->
                new Settlement.Paid(
                    price.withoutPremium(),
                    refund instanceof CreditLedger.Refund.Applied applied
                        ? applied.balance()
                        : ((CreditLedger.Refund.AlreadyRefunded) refund).balance()));
  }

  /** What a metered call came to once its debit was applied. */
  public sealed interface Settlement {
    /** Paid: {@code credits} kept, {@code balance} left. */
    record Paid(long credits, long balance) implements Settlement {}

    /** Not paid: the key's credits were spent since the check; the work is discarded. */
    record Unpaid(long available, long required) implements Settlement {}
  }

  /** Whether a key can pay for work before it is done. */
  public sealed interface Affordability {
    record Affordable(long balance) implements Affordability {}

    /** Not enough credits: the call is refused with 402 before any work. */
    record Short(long available, long required) implements Affordability {}
  }
}
