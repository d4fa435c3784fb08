package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import org.walletstate.application.port.CreditLedger;
import org.walletstate.domain.account.KeyAccount;

/** What a key holder needs to know about its credits and limits. */
public final class CreditsOverview {

  private final CreditLedger ledger;

  public CreditsOverview(CreditLedger ledger) {
    this.ledger = ledger;
  }

  public Uni<View> of(KeyAccount account, Authenticate.DailyUsage usage) {
    return ledger.balance(account.id()).map(balance -> new View(account, balance, usage));
  }

  /**
   * @param account the key's account
   * @param balance credits left
   * @param usage today's requests
   */
  public record View(KeyAccount account, long balance, Authenticate.DailyUsage usage) {}
}
