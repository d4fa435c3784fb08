package org.walletstate.devnet.faults;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Which HTTP requests a {@link Rule} applies to. The factories return records, so a match is a
 * value with a readable {@code toString}. A match sees the request's sequence number and the
 * per-method ordinal of each call, both assigned in arrival order, so "the third request" or "the
 * second {@code eth_call}" is well defined under concurrency.
 */
public interface Match {

  /** Whether the rule applies to this request. */
  boolean matches(ProxiedRequest request);

  /**
   * Which calls of a matched request a per-call fault ({@link Fault.RpcError}) answers; the others
   * are passed through. Every call unless the match names calls.
   */
  default boolean selects(ProxiedCall call) {
    return true;
  }

  /** Every request. */
  static Match any() {
    return new Any();
  }

  /** Requests carrying at least one call of {@code method}; per-call faults hit those calls. */
  static Match method(String method) {
    return new Method(method);
  }

  /**
   * Requests carrying a call of {@code method} whose JSON parameters contain {@code text}
   * (case-insensitive, so an address matches in any casing); per-call faults hit those calls only.
   */
  static Match callWith(String method, String text) {
    return new CallWith(method, text);
  }

  /** The {@code n}-th HTTP request (from 1) since the proxy was started or reset. */
  static Match nthRequest(long n) {
    return new NthRequest(n);
  }

  /** Every {@code n}-th HTTP request: the {@code n}-th, the {@code 2n}-th, ... */
  static Match everyNthRequest(long n) {
    return new EveryNthRequest(n);
  }

  /** The request carrying the {@code n}-th call (from 1) of {@code method}. */
  static Match nthCall(String method, long n) {
    return new NthCall(method, n);
  }

  /**
   * Each request with the given probability, decided from {@code seed} and the request's sequence
   * number alone: the same seed picks the same request numbers on every run, whatever the timing.
   */
  static Match sampled(double probability, long seed) {
    return new Sampled(probability, seed);
  }

  /**
   * Requests every one of {@code matches} matches; per-call faults hit calls all of them select.
   */
  static Match allOf(Match... matches) {
    return new AllOf(List.of(matches));
  }

  /** See {@link #any()}. */
  record Any() implements Match {
    @Override
    public boolean matches(ProxiedRequest request) {
      return true;
    }
  }

  /** See {@link #callWith(String, String)}. */
  record CallWith(String method, String text) implements Match {
    public CallWith {
      Objects.requireNonNull(method, "method");
      text = text.toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public boolean matches(ProxiedRequest request) {
      return request.calls().stream().anyMatch(this::selects);
    }

    @Override
    public boolean selects(ProxiedCall call) {
      return call.method().equals(method)
          && call.params().toLowerCase(java.util.Locale.ROOT).contains(text);
    }
  }

  /** See {@link #method(String)}. */
  record Method(String method) implements Match {
    public Method {
      Objects.requireNonNull(method, "method");
    }

    @Override
    public boolean matches(ProxiedRequest request) {
      return request.has(method);
    }

    @Override
    public boolean selects(ProxiedCall call) {
      return call.method().equals(method);
    }
  }

  /** See {@link #nthRequest(long)}. */
  record NthRequest(long n) implements Match {
    public NthRequest {
      positive(n);
    }

    @Override
    public boolean matches(ProxiedRequest request) {
      return request.sequence() == n;
    }
  }

  /** See {@link #everyNthRequest(long)}. */
  record EveryNthRequest(long n) implements Match {
    public EveryNthRequest {
      positive(n);
    }

    @Override
    public boolean matches(ProxiedRequest request) {
      return request.sequence() % n == 0;
    }
  }

  /** See {@link #nthCall(String, long)}. */
  record NthCall(String method, long n) implements Match {
    public NthCall {
      Objects.requireNonNull(method, "method");
      positive(n);
    }

    @Override
    public boolean matches(ProxiedRequest request) {
      return request.calls().stream().anyMatch(this::selects);
    }

    @Override
    public boolean selects(ProxiedCall call) {
      return call.method().equals(method) && call.ordinal() == n;
    }
  }

  /** See {@link #sampled(double, long)}. */
  record Sampled(double probability, long seed) implements Match {
    public Sampled {
      if (!(probability >= 0 && probability <= 1)) {
        throw new IllegalArgumentException("probability must be in [0, 1], got " + probability);
      }
    }

    @Override
    public boolean matches(ProxiedRequest request) {
      long mixed = seed ^ (request.sequence() * 0x9E3779B97F4A7C15L);
      return new SplittableRandom(mixed).nextDouble() < probability;
    }
  }

  /** See {@link #allOf(Match...)}. */
  record AllOf(List<Match> matches) implements Match {
    public AllOf {
      matches = List.copyOf(matches);
      if (matches.isEmpty()) {
        throw new IllegalArgumentException("allOf needs at least one match");
      }
    }

    @Override
    public boolean matches(ProxiedRequest request) {
      return matches.stream().allMatch(m -> m.matches(request))
          && (request.calls().isEmpty() || request.calls().stream().anyMatch(this::selects));
    }

    @Override
    public boolean selects(ProxiedCall call) {
      return matches.stream().allMatch(m -> m.selects(call));
    }
  }

  private static void positive(long n) {
    if (n < 1) {
      throw new IllegalArgumentException("counts start at 1, got " + n);
    }
  }
}
