package org.walletstate.application.attest.watch;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.walletstate.application.attest.watch.port.out.WatchDeliveries;
import org.walletstate.application.attest.watch.port.out.WebhookSender;

/**
 * The watches' delivery job: each run claims the due deliveries (the earliest undelivered change of
 * each watch, {@code FOR UPDATE SKIP LOCKED}) and POSTs each with Standard Webhooks headers. A
 * failed attempt is retried after {@code base}·2^attempts (at most {@code maxDelay}) until {@code
 * retryFor} after the change, then given up; every attempt is in the delivery's history. At least
 * once: a receiver may see an attempt twice (same {@code webhook-id}) when an answer is lost.
 *
 * <p>A run does not wait for its attempts: it claims, starts them and ends, so the next run (the
 * next tick of the job) claims the deliveries that came due meanwhile while a receiver that hangs
 * until the attempt's timeout is still being waited for. Attempts under way are bounded by {@code
 * batch}: a run claims only as many as there is room for. A claimed delivery is held for the lease
 * (longer than an attempt's timeout), so no run takes it again while its attempt is under way.
 */
public final class DeliverWatchChanges {

  /**
   * How deliveries are retried.
   *
   * @param base the first retry's delay
   * @param maxDelay the longest delay between attempts
   * @param retryFor how long after the change attempts go on
   * @param lease how long a claimed delivery is held (longer than an attempt's timeout)
   */
  public record Retries(Duration base, Duration maxDelay, Duration retryFor, Duration lease) {}

  private final WatchDeliveries deliveries;
  private final WebhookSender sender;
  private final Clock clock;
  private final Retries retries;
  private final int batch;
  private final AtomicInteger underWay = new AtomicInteger();

  // Same constructor shape as WalletSignIn's by design: each is handed only the ports it uses, and
  // there is no logic to share.
  public DeliverWatchChanges(
      WatchDeliveries deliveries, WebhookSender sender, Clock clock, Retries retries, int batch) {
    this.deliveries = deliveries;
    this.sender = sender;
    this.clock = clock;
    this.retries = retries;
    this.batch = batch;
  }

  /**
   * One run: claims the due deliveries there is room for and starts their attempts, which go on
   * after the run; the number of attempts started.
   */
  public Uni<Integer> runOnce() {
    int room = batch - underWay.get();
    if (room <= 0) {
      return Uni.createFrom().item(0);
    }
    Instant now = clock.instant();
    return deliveries
        .claim(now, retries.lease(), room)
        .invoke(due -> due.forEach(this::start))
        .map(List::size);
  }

  /** Attempts under way (started by a run and not yet recorded). */
  public int underWay() {
    return underWay.get();
  }

  private void start(WatchDeliveries.Pending pending) {
    underWay.incrementAndGet();
    attempt(pending)
        .onTermination()
        .invoke(underWay::decrementAndGet)
        .subscribe()
        .with(delivered -> {}, failure -> {});
  }

  private Uni<Integer> attempt(WatchDeliveries.Pending pending) {
    Instant at = clock.instant();
    var message =
        new WebhookSender.Message(
            pending.id(), at.getEpochSecond(), pending.body(), pending.webhookSecret());
    return sender
        .post(pending.webhookUrl(), message)
        .onFailure()
        .recoverWithItem(f -> new WebhookSender.Sent(false, "could not be sent"))
        .flatMap(
            sent -> {
              if (sent.delivered()) {
                return deliveries.delivered(pending.id(), sent.outcome(), at).replaceWith(1);
              }
              return deliveries
                  .failed(pending.id(), sent.outcome(), at, retryAt(pending, at))
                  .replaceWith(0);
            });
  }

  /** When to try again after the attempt at {@code at}, or empty when the period is over. */
  Optional<Instant> retryAt(WatchDeliveries.Pending pending, Instant at) {
    Duration delay = retries.base();
    for (int i = 0; i < pending.attempts() && delay.compareTo(retries.maxDelay()) < 0; i++) {
      delay = delay.multipliedBy(2);
    }
    if (delay.compareTo(retries.maxDelay()) > 0) {
      delay = retries.maxDelay();
    }
    Instant next = at.plus(delay);
    return next.isAfter(pending.createdAt().plus(retries.retryFor()))
        ? Optional.empty()
        : Optional.of(next);
  }
}
