package org.walletstate.application.attest.watch;

import java.time.Duration;

/**
 * How often and how much {@link EvaluateWatches} evaluates.
 *
 * @param every how often the timer evaluates a watch (and how long a claim holds it, × 5); a watch
 *     evaluated at a new head is left to the timer for twice as long
 * @param batch watches one run takes at most
 * @param chargePeriod the watch time one credit pays ({@link WatchTime})
 */
public record WatchTiming(Duration every, int batch, Duration chargePeriod) {}
