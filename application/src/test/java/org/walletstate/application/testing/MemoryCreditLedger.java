package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * Credits in memory, with the port's rules: a debit never takes a balance below zero, is applied
 * once per key and idempotency key (a repeat is {@link Debit.Replayed}), and a debit is refunded at
 * most once and never by more than it took. The statements a debit logs are kept when it is applied
 * or replayed ({@link #logged}).
 */
public final class MemoryCreditLedger implements CreditLedger {

  private record Entry(long keyId, long credits) {}

  private final Map<Long, Long> balances = new HashMap<>();
  private final Map<String, Long> byIdempotencyKey = new HashMap<>();
  private final Map<Long, Entry> debitEntries = new HashMap<>();
  private final Set<Long> refundedEntries = new HashSet<>();
  private final List<DebitRequest> debits = new ArrayList<>();
  private final List<RefundRequest> refunds = new ArrayList<>();
  private final List<LoggedStatement> logged = new ArrayList<>();
  private Consumer<DebitRequest> beforeDebit = request -> {};
  private long nextEntry = 1;

  /** Sets the balance of {@code keyId}. */
  public synchronized MemoryCreditLedger withBalance(long keyId, long credits) {
    balances.put(keyId, credits);
    return this;
  }

  /**
   * Runs {@code action} before each debit is decided: a test makes another caller spend the credits
   * between a check and the debit this way.
   */
  public synchronized MemoryCreditLedger beforeEachDebit(Consumer<DebitRequest> action) {
    this.beforeDebit = action;
    return this;
  }

  public synchronized long balanceOf(long keyId) {
    return balances.getOrDefault(keyId, 0L);
  }

  /** The debits that were applied (replays and refusals are not), in order. */
  public synchronized List<DebitRequest> debits() {
    return List.copyOf(debits);
  }

  /**
   * The statements logged with debits ({@link DebitRequest#statements}), in order: those of every
   * applied or replayed debit, none of a refused one.
   */
  public synchronized List<LoggedStatement> logged() {
    return List.copyOf(logged);
  }

  /** The refunds that were applied, in order. */
  public synchronized List<RefundRequest> refunds() {
    return List.copyOf(refunds);
  }

  /** Credits taken by applied debits, refunds not subtracted. */
  public synchronized long charged() {
    return debits.stream().mapToLong(DebitRequest::credits).sum();
  }

  /** Credits given back by applied refunds. */
  public synchronized long refunded() {
    return refunds.stream().mapToLong(RefundRequest::credits).sum();
  }

  @Override
  public synchronized Uni<Long> balance(long keyId) {
    return Uni.createFrom().item(balanceOf(keyId));
  }

  @Override
  public synchronized Uni<Debit> debit(DebitRequest request) {
    beforeDebit.accept(request);
    long balance = balanceOf(request.keyId());
    Long earlier = byIdempotencyKey.get(request.keyId() + "/" + request.idempotencyKey());
    if (earlier != null) {
      logged.addAll(request.statements());
      return Uni.createFrom().item(new Debit.Replayed(earlier, balance));
    }
    if (balance < request.credits()) {
      return Uni.createFrom().item(new Debit.Insufficient(balance, request.credits()));
    }
    long entry = nextEntry++;
    balances.put(request.keyId(), balance - request.credits());
    byIdempotencyKey.put(request.keyId() + "/" + request.idempotencyKey(), entry);
    debitEntries.put(entry, new Entry(request.keyId(), request.credits()));
    debits.add(request);
    logged.addAll(request.statements());
    return Uni.createFrom().item(new Debit.Applied(entry, balance - request.credits()));
  }

  @Override
  public synchronized Uni<Refund> refund(RefundRequest request) {
    Entry debit = debitEntries.get(request.debitEntryId());
    if (debit == null || debit.keyId() != request.keyId()) {
      throw new IllegalArgumentException(
          "no debit " + request.debitEntryId() + " of key " + request.keyId());
    }
    if (request.credits() > debit.credits()) {
      throw new IllegalArgumentException("a refund gives back at most what the debit took");
    }
    if (!refundedEntries.add(request.debitEntryId())) {
      return Uni.createFrom().item(new Refund.AlreadyRefunded(balanceOf(request.keyId())));
    }
    long balance = balanceOf(request.keyId()) + request.credits();
    balances.put(request.keyId(), balance);
    refunds.add(request);
    return Uni.createFrom().item(new Refund.Applied(nextEntry++, balance));
  }
}
