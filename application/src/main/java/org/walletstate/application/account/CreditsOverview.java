package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.account.port.in.CreditsOverviewQuery;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.domain.account.KeyAccount;

/** The credits overview, from the ledger's balance. */
public final class CreditsOverview implements CreditsOverviewQuery {

  private final CreditLedger ledger;

  public CreditsOverview(CreditLedger ledger) {
    this.ledger = ledger;
  }

  @Override
  public Uni<View> of(KeyAccount account, AuthenticateUseCase.DailyUsage usage) {
    return ledger.balance(account.id()).map(balance -> new View(account, balance, usage));
  }
}
