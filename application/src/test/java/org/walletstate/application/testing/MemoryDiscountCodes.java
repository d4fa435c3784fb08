package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payment.Payment;

/**
 * Issued discount codes in a list, with the per-wallet daily limit as the database adapter applies
 * it (unproven codes with a discount, from the day's start, sharing a wallet). A test can make the
 * next draws of a code text taken, or the store unavailable. The other bounds (credits, nonces,
 * hourly and store limits, replays) and payment confirmation are the database adapter's and are
 * tested against PostgreSQL; {@link #bound} and {@link #use} are not kept here.
 */
public final class MemoryDiscountCodes implements DiscountCodes {

  private final List<NewCode> stored = new ArrayList<>();
  private Runnable beforeEachIssue = () -> {};
  private int takenDraws;
  private boolean broken;

  /** Runs {@code action} when each code is offered for storing, before it is decided. */
  public synchronized MemoryDiscountCodes beforeEachIssue(Runnable action) {
    this.beforeEachIssue = action;
    return this;
  }

  /** The next {@code draws} codes offered are answered as taken texts. */
  public synchronized MemoryDiscountCodes takenDraws(int draws) {
    this.takenDraws = draws;
    return this;
  }

  /** From now on storing fails as a database that is down does. */
  public synchronized MemoryDiscountCodes broken() {
    this.broken = true;
    return this;
  }

  /** The codes stored, in order. */
  public synchronized List<NewCode> stored() {
    return List.copyOf(stored);
  }

  @Override
  public synchronized Uni<Issue> issue(NewCode row) {
    beforeEachIssue.run();
    if (broken) {
      return Uni.createFrom().failure(new IllegalStateException("database down"));
    }
    if (takenDraws > 0) {
      takenDraws--;
      return Uni.createFrom().item(new Issue.CodeTaken());
    }
    if (row.dailyLimit().isPresent()) {
      long today =
          stored.stream()
              .filter(c -> !c.code().createdAt().isBefore(row.dayStart()))
              .filter(c -> c.code().discountPercent() > 0 && !c.code().walletProven())
              .filter(c -> c.walletKeys().stream().anyMatch(row.walletKeys()::contains))
              .count();
      if (today >= row.dailyLimit().get()) {
        return Uni.createFrom().item(new Issue.DailyLimitReached(row.dailyLimit().get()));
      }
    }
    stored.add(row);
    return Uni.createFrom().item(new Issue.Issued(100 - stored.size()));
  }

  @Override
  public synchronized Uni<Optional<IssuedCode>> find(DiscountCode code) {
    return Uni.createFrom()
        .item(
            stored.stream()
                .map(NewCode::code)
                .filter(issued -> issued.code().equals(code))
                .findFirst());
  }

  @Override
  public Uni<Optional<Bound>> bound(DiscountCode code) {
    throw new UnsupportedOperationException("payment confirmation is tested against PostgreSQL");
  }

  @Override
  public Uni<Use> use(DiscountCode code, Payment payment, Instant now, Instant until) {
    throw new UnsupportedOperationException("payment confirmation is tested against PostgreSQL");
  }
}
