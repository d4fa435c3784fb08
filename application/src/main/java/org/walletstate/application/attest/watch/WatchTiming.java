package org.walletstate.application.attest.watch;

import java.time.Duration;

/**
 * How often and how much {@link EvaluateWatches} evaluates.
 *
 * @param every how often the timer evaluates a watch (and how long a claim holds it, × 5); a watch
 *     evaluated at a new head is left to the timer for twice as long
 * @param batch watches one run takes at most
 * @param chargePeriod the watch time one credit pays ({@link WatchTime})
 * @param sameHead a watch evaluated at a head is taken again by a head at least this much later:
 *     replicas that learn of the same head within it evaluate the watch once
 */
public record WatchTiming(Duration every, int batch, Duration chargePeriod, Duration sameHead) {

  /** The head window of {@link #sameHead}: the head follower's default poll interval. */
  public static final Duration DEFAULT_SAME_HEAD = Duration.ofSeconds(1);
}
