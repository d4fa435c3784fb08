package org.walletstate.domain.chain;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Readings held as a map from each read to its answer, for adapters that interpret on their own.
 */
final class AnsweredReadings implements Readings {

  private final Map<ChainRead<?>, Reading<?>> answers;

  AnsweredReadings(Map<? extends ChainRead<?>, ? extends Reading<?>> answers) {
    this.answers = new LinkedHashMap<>(answers);
  }

  @Override
  @SuppressWarnings("unchecked") // each answer was stored under its own read, of its type
  public <T> Reading<T> reading(ChainRead<T> read) {
    Reading<?> answer = answers.get(read);
    if (answer == null) {
      throw new IllegalArgumentException("no reading of " + read + ": it was never asked");
    }
    return (Reading<T>) answer;
  }

  /** The details of the reads that did not complete. */
  @Override
  public List<String> failures() {
    return answers.values().stream()
        .filter(Reading.Unreadable.class::isInstance)
        .map(answer -> ((Reading.Unreadable<?>) answer).detail())
        .distinct()
        .toList();
  }

  @Override
  public String toString() {
    return "Readings" + answers;
  }
}
