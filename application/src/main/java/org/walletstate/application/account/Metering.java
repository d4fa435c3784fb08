package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.CreditLedger.Debit;
import org.walletstate.domain.account.CreditPrice;
import org.walletstate.domain.account.KeyAccount;

/**
 * Credits around a piece of work: check the price before doing it, charge only once it succeeded,
 * give back the proof premium when no proof was delivered. A refused or failed call is never
 * charged, because nothing is taken until {@link #charge} is called with its finished result.
 */
public final class Metering {

  private final CreditLedger ledger;
  private final Clock clock;

  public Metering(CreditLedger ledger, Clock clock) {
    this.ledger = ledger;
    this.clock = clock;
  }

  /** Before the work: can the key pay {@code price} now? */
  public Uni<Affordability> check(KeyAccount account, CreditPrice price) {
    return ledger
        .balance(account.id())
        .map(
            balance ->
                balance >= price.credits()
                    ? new Affordability.Affordable(balance)
                    : new Affordability.Short(balance, price.credits()));
  }

  /**
   * After the work succeeded: takes the price, once per {@code requestId}.
   *
   * @param reason what was bought, for the ledger
   */
  public Uni<Debit> charge(KeyAccount account, CreditPrice price, String reason, String requestId) {
    return ledger.debit(
        new CreditLedger.DebitRequest(
            account.id(), price.credits(), reason, requestId, requestId, clock.instant()));
  }

  /** Gives back the proof premium of a charge whose proofs were not delivered. */
  public Uni<CreditLedger.Refund> refundPremium(
      KeyAccount account, CreditPrice price, long debitEntryId, String reason) {
    return ledger.refund(
        new CreditLedger.RefundRequest(
            account.id(), debitEntryId, price.proofPremium(), reason, clock.instant()));
  }

  /** Whether a key can pay for work before it is done. */
  public sealed interface Affordability {
    record Affordable(long balance) implements Affordability {}

    /** Not enough credits: the call is refused with 402 before any work. */
    record Short(long available, long required) implements Affordability {}
  }
}
