package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.application.port.out.CreditLedger;

/** One key's credits in memory: debits conditional on the balance, refunds, and what was asked. */
public final class InMemoryCreditLedger implements CreditLedger {

  private long balance;
  private final List<DebitRequest> debits = new ArrayList<>();
  private final List<RefundRequest> refunds = new ArrayList<>();

  public InMemoryCreditLedger(long balance) {
    this.balance = balance;
  }

  public long balance() {
    return balance;
  }

  public List<DebitRequest> debits() {
    return debits;
  }

  public List<RefundRequest> refunds() {
    return refunds;
  }

  @Override
  public Uni<Long> balance(long keyId) {
    return Uni.createFrom().item(balance);
  }

  @Override
  public Uni<Debit> debit(DebitRequest request) {
    debits.add(request);
    if (balance < request.credits()) {
      return Uni.createFrom().item(new Debit.Insufficient(balance, request.credits()));
    }
    balance -= request.credits();
    return Uni.createFrom().item(new Debit.Applied(debits.size(), balance));
  }

  @Override
  public Uni<Refund> refund(RefundRequest request) {
    refunds.add(request);
    balance += request.credits();
    return Uni.createFrom().item(new Refund.Applied(refunds.size(), balance));
  }
}
