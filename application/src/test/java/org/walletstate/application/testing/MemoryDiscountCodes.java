package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payment.Payment;

/**
 * Issued discount codes in a list, with the per-wallet daily limit as the database adapter applies
 * it (unproven codes with a discount, from the day's start, sharing a wallet). A test can make the
 * next draws of a code text taken, or the store unavailable. The other bounds (credits, nonces,
 * hourly and store limits, replays) are the database adapter's and are tested against PostgreSQL.
 * Payment confirmation ({@link #bound}, {@link #use}) keeps the port's rules: a code is used once,
 * a replay of its payment says so, a transaction confirms one code, none after its window.
 */
public final class MemoryDiscountCodes implements DiscountCodes {

  private final List<NewCode> stored = new ArrayList<>();
  private final Map<DiscountCode, Payment> usedBy = new HashMap<>();
  private final Map<DiscountCode, Instant> usedAt = new HashMap<>();
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
    return Uni.createFrom().item(row(code).map(row -> current(row.code())));
  }

  @Override
  public synchronized Uni<Optional<Bound>> bound(DiscountCode code) {
    return Uni.createFrom()
        .item(
            row(code)
                .map(
                    row ->
                        new Bound(
                            current(row.code()),
                            row.ownerKeyId(),
                            row.callerKeyId(),
                            wallet(row, "evm:"),
                            wallet(row, "solana:"))));
  }

  /**
   * Marks the code used by {@code payment} once, as the database adapter does: a replay of the same
   * payment is {@code Replayed} at any time, a transaction confirms one code only.
   */
  @Override
  public synchronized Uni<Use> use(
      DiscountCode code, Payment payment, Instant now, Instant confirmableUntil) {
    Optional<NewCode> row = row(code);
    if (row.isEmpty()) {
      return Uni.createFrom().item(new Use.NotFound());
    }
    IssuedCode issued = current(row.get().code());
    Payment earlier = usedBy.get(code);
    if (earlier != null) {
      return Uni.createFrom()
          .item(
              earlier.hash().equals(payment.hash())
                  ? new Use.Replayed(issued)
                  : new Use.AlreadyUsed(issued));
    }
    if (usedBy.values().stream().anyMatch(p -> p.hash().equals(payment.hash()))) {
      return Uni.createFrom().item(new Use.PaymentTaken());
    }
    if (!now.isBefore(confirmableUntil)) {
      return Uni.createFrom().item(new Use.Expired(issued));
    }
    usedBy.put(code, payment);
    usedAt.put(code, now);
    return Uni.createFrom().item(new Use.Used(current(issued)));
  }

  private Optional<NewCode> row(DiscountCode code) {
    return stored.stream().filter(row -> row.code().code().equals(code)).findFirst();
  }

  /** The stored code with the time a payment confirmed it, if one did. */
  private IssuedCode current(IssuedCode code) {
    Instant used = usedAt.get(code.code());
    return used == null
        ? code
        : new IssuedCode(
            code.code(),
            code.merchantId(),
            code.discountPercent(),
            code.createdAt(),
            code.expiresAt(),
            code.walletProven(),
            code.discountedTotal(),
            Optional.of(used));
  }

  private static Optional<String> wallet(NewCode row, String family) {
    return row.walletKeys().stream()
        .filter(key -> key.startsWith(family))
        .map(key -> key.substring(family.length()))
        .findFirst();
  }
}
