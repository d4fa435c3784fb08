package org.walletstate.domain.evm.read;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.evm.AbiDecodingException;

/**
 * The outcomes of one EVM chain's reads, all taken at the same pinned block. Each outcome must be
 * of a kind its request can have: a quantity only for {@code eth_getBalance}, a revert only for
 * {@code eth_call}.
 */
public final class ReadOutcomes implements Readings {

  private static final ReadOutcomes NONE = new ReadOutcomes(Map.of());

  private final Map<EvmRead<?>, ReadOutcome> outcomes;

  private ReadOutcomes(Map<EvmRead<?>, ReadOutcome> outcomes) {
    this.outcomes = outcomes;
  }

  public static ReadOutcomes none() {
    return NONE;
  }

  /**
   * @throws IllegalArgumentException when an outcome is of a kind its read's request cannot have
   */
  public static ReadOutcomes of(Map<? extends EvmRead<?>, ? extends ReadOutcome> outcomes) {
    Map<EvmRead<?>, ReadOutcome> copy = new LinkedHashMap<>();
    outcomes.forEach(
        (read, outcome) -> {
          checkKind(read.request(), outcome);
          copy.put(read, outcome);
        });
    return new ReadOutcomes(Collections.unmodifiableMap(copy));
  }

  /**
   * The outcomes of {@code reads}, given the outcome of each distinct request: for adapters that
   * run every distinct request once.
   */
  public static ReadOutcomes answering(
      Collection<? extends EvmRead<?>> reads, Function<EvmRequest, ReadOutcome> answers) {
    Map<EvmRead<?>, ReadOutcome> map = new LinkedHashMap<>();
    Map<EvmRead<?>, EvmRequest> requests = new HashMap<>();
    for (EvmRead<?> read : reads) {
      EvmRequest request = read.request();
      requests.put(read, request);
      map.put(read, answers.apply(request));
    }
    map.forEach((read, outcome) -> checkKind(requests.get(read), outcome));
    return new ReadOutcomes(Collections.unmodifiableMap(map));
  }

  /** These outcomes and {@code more} (a later round at the same block). */
  public ReadOutcomes plus(ReadOutcomes more) {
    Map<EvmRead<?>, ReadOutcome> joined = new LinkedHashMap<>(outcomes);
    joined.putAll(more.outcomes);
    return new ReadOutcomes(Collections.unmodifiableMap(joined));
  }

  /**
   * @throws IllegalArgumentException when the read was never reported: the plan was not followed
   */
  public ReadOutcome outcome(EvmRead<?> read) {
    ReadOutcome outcome = outcomes.get(read);
    if (outcome == null) {
      throw new IllegalArgumentException("no outcome was reported for " + read);
    }
    return outcome;
  }

  /**
   * The outcome of {@code read} as a value of its type.
   *
   * @throws IllegalArgumentException for a read of another family, or one never reported
   */
  @Override
  public <T> Reading<T> reading(ChainRead<T> chainRead) {
    if (!(chainRead instanceof EvmRead<T> read)) {
      throw new IllegalArgumentException("EVM outcomes do not answer " + chainRead);
    }
    ReadOutcome outcome = outcome(read);
    if (outcome instanceof ReadOutcome.Failed failed) {
      return new Reading.Unreadable<>("read failed: " + failed.detail());
    }
    if (outcome instanceof ReadOutcome.Reverted) {
      return new Reading.Reverted<>();
    }
    try {
      return new Reading.Value<>(read.decode((ReadOutcome.Answer) outcome));
    } catch (AbiDecodingException e) {
      return new Reading.Unreadable<>("answer does not decode: " + e.getMessage());
    }
  }

  @Override
  public List<String> failures() {
    return outcomes.values().stream()
        .filter(ReadOutcome.Failed.class::isInstance)
        .map(outcome -> ((ReadOutcome.Failed) outcome).detail())
        .distinct()
        .toList();
  }

  private static void checkKind(EvmRequest request, ReadOutcome outcome) {
    if (outcome instanceof ReadOutcome.Failed) {
      return;
    }
    boolean fits;
    if (request instanceof EvmRequest.EthCall || request instanceof EvmRequest.EthCallWithStorage) {
      fits = outcome instanceof ReadOutcome.Data || outcome instanceof ReadOutcome.Reverted;
    } else if (request instanceof EvmRequest.EthGetBalance) {
      fits = outcome instanceof ReadOutcome.Quantity;
    } else if (request instanceof EvmRequest.EthGetProof) {
      fits = outcome instanceof ReadOutcome.Proof;
    } else {
      fits = outcome instanceof ReadOutcome.Data;
    }
    if (!fits) {
      throw new IllegalArgumentException(
          outcome.getClass().getSimpleName() + " cannot answer " + request);
    }
  }

  @Override
  public String toString() {
    return outcomes.toString();
  }
}
