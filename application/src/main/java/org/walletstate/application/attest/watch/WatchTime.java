package org.walletstate.application.attest.watch;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.application.port.out.CreditLedger;

/**
 * The price of a watch's time: {@link #PRICE} credit for each started charge period of its life,
 * counted from its creation (the creating call's attestation pays the first). A period is charged
 * when an evaluation first falls into it, under the ledger idempotency key {@code
 * watch-time:<watch>:<period>}, so two replicas that evaluate the watch in the same period charge
 * it once (the ledger's unique index decides). A key that cannot pay pauses the watch: it is not
 * evaluated, keeps its place and its verdict, and is evaluated again (and the period charged) once
 * the key has credits.
 */
final class WatchTime {

  /** Credits one charge period of a watch costs. */
  static final long PRICE = 1;

  static final String LEDGER_REASON = "watch-time";

  private final WatchEvaluations evaluations;
  private final CreditLedger ledger;
  private final Duration period;

  WatchTime(WatchEvaluations evaluations, CreditLedger ledger, Duration period) {
    if (period.isNegative() || period.isZero()) {
      throw new IllegalArgumentException("a watch's charge period must be positive");
    }
    this.evaluations = evaluations;
    this.ledger = ledger;
    this.period = period;
  }

  /** The watches whose time is paid at {@code now}; the others are paused until {@code next}. */
  Uni<List<WatchEvaluations.Due>> paid(List<WatchEvaluations.Due> due, Instant now, Instant next) {
    if (due.isEmpty()) {
      return Uni.createFrom().item(List.of());
    }
    List<Uni<WatchEvaluations.Due>> each = new ArrayList<>();
    for (WatchEvaluations.Due d : due) {
      each.add(paid(d, now, next));
    }
    return Uni.join()
        .all(each)
        .andFailFast()
        .map(all -> all.stream().filter(d -> d != null).toList());
  }

  private Uni<WatchEvaluations.Due> paid(WatchEvaluations.Due due, Instant now, Instant next) {
    long current = Duration.between(due.createdAt(), now).dividedBy(period);
    if (current < due.paidPeriods()) {
      return Uni.createFrom().item(due);
    }
    CreditLedger.DebitRequest debit =
        new CreditLedger.DebitRequest(
            due.ownerKey(),
            PRICE,
            LEDGER_REASON,
            due.id(),
            "watch-time:" + due.id() + ":" + current,
            now);
    return ledger
        .debit(debit)
        .flatMap(
            taken -> {
              if (taken instanceof CreditLedger.Debit.Insufficient short_) {
                return evaluations
                    .unchanged(due.id(), Watch.Status.PAUSED, detail(short_), next)
                    .replaceWith((WatchEvaluations.Due) null);
              }
              return evaluations.paid(due.id(), (int) current + 1).replaceWith(due);
            });
  }

  private String detail(CreditLedger.Debit.Insufficient short_) {
    return "the key has "
        + short_.available()
        + " credits; watching costs "
        + PRICE
        + " credit per "
        + period.toHours()
        + " hours of a watch's life. The watch is not evaluated until the key has credits";
  }
}
