package org.walletstate.adapters.chain;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.chain.ChainId;

/**
 * The settings every chain reader shares, whatever its family: endpoints, per-exchange timeout,
 * attempts, backoff and the deadline of one observation. Each family's configuration checks them
 * here, so a bad value is refused the same way, naming the chain and the setting.
 */
public final class ReaderSettings {

  /** The most attempts accepted in configuration. */
  public static final int MAX_ATTEMPTS_LIMIT = 10;

  private ReaderSettings() {}

  /**
   * Checks the shared settings of {@code chain}.
   *
   * @return the endpoints, copied
   * @throws IllegalArgumentException naming the chain and the setting that is wrong
   */
  // The families' shared record components, in their order, by design: each configuration passes
  // its own.
  public static List<URI> check(
      ChainId chain,
      List<URI> endpoints,
      Duration requestTimeout,
      int attempts,
      Duration initialBackoff,
      Duration maxBackoff,
      Duration observationDeadline) {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(endpoints, "endpoints");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    Objects.requireNonNull(initialBackoff, "initialBackoff");
    Objects.requireNonNull(maxBackoff, "maxBackoff");
    Objects.requireNonNull(observationDeadline, "observationDeadline");
    List<URI> copy = List.copyOf(endpoints);
    if (copy.isEmpty()) {
      throw new IllegalArgumentException("chain " + chain + " needs at least one endpoint");
    }
    for (URI endpoint : copy) {
      String scheme = endpoint.getScheme();
      if (!("https".equals(scheme) || "http".equals(scheme)) || endpoint.getHost() == null) {
        throw new IllegalArgumentException(
            "chain " + chain + ": endpoint " + endpoint + " is not an http(s) URL with a host");
      }
    }
    positive(chain, "requestTimeout", requestTimeout);
    positive(chain, "initialBackoff", initialBackoff);
    positive(chain, "maxBackoff", maxBackoff);
    positive(chain, "observationDeadline", observationDeadline);
    if (maxBackoff.compareTo(initialBackoff) < 0) {
      throw new IllegalArgumentException(
          "chain " + chain + ": maxBackoff " + maxBackoff + " is below initialBackoff");
    }
    if (attempts < 1 || attempts > MAX_ATTEMPTS_LIMIT) {
      throw new IllegalArgumentException(
          "chain " + chain + ": attempts must be 1 to " + MAX_ATTEMPTS_LIMIT + ", got " + attempts);
    }
    return copy;
  }

  private static void positive(ChainId chain, String name, Duration value) {
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(
          "chain " + chain + ": " + name + " must be positive, got " + value);
    }
  }
}
