package org.walletstate.adapters.http.observability;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.walletstate.application.port.out.ChainCallObserver.Outcome;
import org.walletstate.domain.chain.ChainId;

/**
 * The service's own meters, on the Prometheus registry ({@code /q/metrics}). Every tag takes a
 * bounded set of values (chains of the catalogue, outcomes, failure sources, statement types,
 * ledger reasons), never a wallet, key or address.
 *
 * <table>
 *   <caption>meters</caption>
 *   <tr><td>{@code walletstate_chain_calls_seconds{chain, outcome, provider}}</td><td>each call to
 *       a chain's upstream after its retries: ok, retried, failed_over, failed; the provider
 *       (host and port) it ended on</td></tr>
 *   <tr><td>{@code walletstate_chain_round_trips_total{chain, operation}}</td><td>each attempt
 *       on one provider (a single round trip: {@code head}, {@code read} — an EVM batch such as
 *       one Multicall3 round —, {@code exchange}), retries included</td></tr>
 *   <tr><td>{@code walletstate_signing_seconds{statement}}</td><td>signing an attestation or a
 *       trust profile (both signatures, JWTs included)</td></tr>
 *   <tr><td>{@code walletstate_credits_charged_total{reason}}, {@code
 *       walletstate_credits_refunded_total{reason}}</td><td>credits taken and given back</td></tr>
 *   <tr><td>{@code walletstate_rpc_failures_total{source, chain}}</td><td>each failed read of an
 *       {@code rpc_failure} answer (503, or a failed wallet of a trust batch)</td></tr>
 * </table>
 */
public class ServiceMeters {

  private final MeterRegistry registry;

  /**
   * The chain-call timers, found once per chain and outcome: a trust profile makes two calls per
   * chain on 23 chains, and building and looking up a meter's id is not free.
   */
  private final Map<ChainCall, Timer> chainCalls = new ConcurrentHashMap<>();

  private record ChainCall(String chain, Outcome outcome, String provider) {}

  private final Map<RoundTrip, Counter> roundTrips = new ConcurrentHashMap<>();

  private record RoundTrip(String chain, String operation) {}

  public ServiceMeters(MeterRegistry registry) {
    this.registry = registry;
  }

  /**
   * A call to {@code chain}'s upstream ended {@code outcome} after {@code elapsed}, on {@code
   * provider} (host and port).
   */
  public void chainCall(ChainId chain, Outcome outcome, Duration elapsed, String provider) {
    chainCalls
        .computeIfAbsent(
            new ChainCall(
                chain == null ? "unknown" : chain.toString(),
                outcome,
                provider == null ? "unknown" : provider),
            call ->
                Timer.builder("walletstate.chain.calls")
                    .description(
                        "Calls to a chain's upstream endpoints, after retries and failover")
                    .tag("chain", call.chain())
                    .tag("outcome", call.outcome().wireName())
                    .tag("provider", call.provider())
                    .register(registry))
        .record(elapsed);
  }

  /** One round trip to {@code chain}'s upstream ({@code operation}: head, read, exchange). */
  public void roundTrip(ChainId chain, String operation) {
    roundTrips
        .computeIfAbsent(
            new RoundTrip(chain == null ? "unknown" : chain.toString(), operation),
            trip ->
                Counter.builder("walletstate.chain.round.trips")
                    .description("Round trips to a chain's upstream endpoints, retries included")
                    .tag("chain", trip.chain())
                    .tag("operation", trip.operation())
                    .register(registry))
        .increment();
  }

  /** A quorum read of {@code chain} was refused: {@code provider} took part in a disagreement. */
  public void quorumDisagreement(ChainId chain, String provider) {
    registry
        .counter(
            "walletstate.chain.quorum.disagreements",
            "chain",
            chain == null ? "unknown" : chain.toString(),
            "provider",
            provider)
        .increment();
  }

  /** Signing one statement took {@code elapsed}. */
  public void signed(String statement, Duration elapsed) {
    Timer.builder("walletstate.signing")
        .description("Signing a statement (P-256 and ML-DSA-65, and the JWTs when asked)")
        .tag("statement", statement)
        .register(registry)
        .record(elapsed);
  }

  /** {@code credits} were taken from an account, for {@code reason}. */
  public void charged(String reason, long credits) {
    Counter.builder("walletstate.credits.charged")
        .description("Credits taken from accounts")
        .tag("reason", reason)
        .register(registry)
        .increment(credits);
  }

  /** {@code credits} were given back to an account, for {@code reason}. */
  public void refunded(String reason, long credits) {
    Counter.builder("walletstate.credits.refunded")
        .description("Credits given back (premiums of proofs not delivered)")
        .tag("reason", reason)
        .register(registry)
        .increment(credits);
  }

  /** One read of an {@code rpc_failure} answer failed, from {@code source}. */
  public void rpcFailure(String source, Object chain) {
    Counter.builder("walletstate.rpc.failures")
        .description("Failed reads of rpc_failure answers, by source and chain")
        .tag("source", source)
        .tag("chain", chain == null ? "none" : chain.toString())
        .register(registry)
        .increment();
  }
}
