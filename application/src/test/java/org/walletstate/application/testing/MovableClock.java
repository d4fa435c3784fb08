package org.walletstate.application.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A UTC clock that stands still until the test moves it. */
public final class MovableClock extends Clock {

  private volatile Instant now;

  public MovableClock(Instant now) {
    this.now = now;
  }

  public MovableClock(String now) {
    this(Instant.parse(now));
  }

  public synchronized void set(Instant instant) {
    this.now = instant;
  }

  public synchronized void advance(Duration by) {
    this.now = now.plus(by);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now;
  }
}
