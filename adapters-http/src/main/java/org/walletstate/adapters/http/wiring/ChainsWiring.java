package org.walletstate.adapters.http.wiring;

import io.opentelemetry.api.trace.Tracer;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;
import org.walletstate.adapters.chain.bitcoin.BitcoinChainState;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.QuorumSnapshotChainState;
import org.walletstate.adapters.chain.jsonrpc.SnapshotChainState;
import org.walletstate.adapters.chain.jsonrpc.SnapshotQuorum;
import org.walletstate.adapters.chain.solana.SolanaChainState;
import org.walletstate.adapters.chain.stellar.StellarChainState;
import org.walletstate.adapters.chain.sui.SuiChainState;
import org.walletstate.adapters.chain.tron.TronChainState;
import org.walletstate.adapters.chain.xrpl.XrplChainState;
import org.walletstate.adapters.http.chains.ChainReadsConfig;
import org.walletstate.adapters.http.chains.EvmChainSettings;
import org.walletstate.adapters.http.chains.EvmQuorumSettings;
import org.walletstate.adapters.http.chains.JsonRpcChainSettings;
import org.walletstate.adapters.http.chains.SnapshotQuorumSettings;
import org.walletstate.adapters.http.observability.ChainStatusBoard;
import org.walletstate.adapters.http.observability.ChainTelemetry;
import org.walletstate.adapters.http.observability.ServiceMeters;
import org.walletstate.adapters.http.timing.TimedChainState;
import org.walletstate.application.chains.ChainStateByFamily;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainHeads;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;

/** The chain readers: one per family behind the one chain-state port. */
@ApplicationScoped
public class ChainsWiring {

  /**
   * Every family's reader behind the one chain-state port: a family is one more entry. Built at
   * start-up so that a bad chain configuration stops the start rather than the first request; the
   * readers' threads and connections are closed with the service.
   */
  @Produces
  @Singleton // not proxied: the class is final, and nothing needs it lazily
  @Startup
  @Typed(ChainStateByFamily.class)
  ChainStateByFamily chainState(
      ChainReadsConfig config, Clock clock, ChainTelemetry calls, Web3jEvmChainState evm) {
    Map<ChainFamily, ChainState> families = new EnumMap<>(ChainFamily.class);
    families.put(ChainFamily.EVM, evm);
    // each family's reader: every observation a span, its anchors on the status board
    // every non-EVM family with quorum reads beside it: each provider its own reader
    for (ChainFamily family : ChainFamily.values()) {
      if (family != ChainFamily.EVM) {
        families.put(family, snapshotReader(family, config, clock, calls));
      }
    }
    families.replaceAll((family, reader) -> calls.traced(reader));
    return new ChainStateByFamily(families);
  }

  /**
   * The reader of a non-EVM {@code family}: its chain read by the family's reader, with a quorum of
   * its providers beside it, each read by the same kind of reader.
   */
  private static ChainState snapshotReader(
      ChainFamily family, ChainReadsConfig config, Clock clock, ChainCallObserver calls) {
    JsonRpcChainConfig chain = JsonRpcChainSettings.of(family, config);
    SnapshotQuorum quorum = SnapshotQuorumSettings.of(family, config, chain);
    return switch (family) {
      case SOLANA -> withQuorum(chain, quorum, p -> new SolanaChainState(p, clock, calls), calls);
      case XRPL -> withQuorum(chain, quorum, p -> new XrplChainState(p, clock, calls), calls);
      case BITCOIN -> withQuorum(chain, quorum, p -> new BitcoinChainState(p, clock, calls), calls);
      case TRON -> withQuorum(chain, quorum, p -> new TronChainState(p, clock, calls), calls);
      case STELLAR -> withQuorum(chain, quorum, p -> new StellarChainState(p, clock, calls), calls);
      case SUI -> withQuorum(chain, quorum, p -> new SuiChainState(p, clock, calls), calls);
      case EVM -> throw new IllegalArgumentException("EVM chains have a reader of their own");
    };
  }

  /**
   * {@code chain}'s reader with a quorum of its providers beside it, each provider (and the chain
   * itself, for single reads) read by {@code readerOf}.
   */
  private static <R extends ChainRead<?>> ChainState withQuorum(
      JsonRpcChainConfig chain,
      SnapshotQuorum quorum,
      Function<JsonRpcChainConfig, SnapshotChainState<R>> readerOf,
      ChainCallObserver calls) {
    return QuorumSnapshotChainState.of(readerOf.apply(chain), quorum, readerOf, calls);
  }

  /**
   * The EVM family's reader (closed with {@link ChainStateByFamily}, which holds it), also the
   * heads it follows (none when head following is off).
   */
  @Produces
  @Singleton
  @Typed({Web3jEvmChainState.class, ChainHeads.class})
  Web3jEvmChainState evmChainState(ChainReadsConfig config, Clock clock, ChainTelemetry calls) {
    EvmChainsConfig evm = EvmChainSettings.evmConfig(config);
    return new Web3jEvmChainState(
        evm,
        EvmQuorumSettings.quorums(config, evm),
        EvmChainSettings.headFollowing(config),
        clock,
        calls);
  }

  /** What this replica last saw of each chain ({@code GET /v1/status}). */
  @Produces
  @Singleton
  ChainStatusBoard chainStatusBoard(Clock clock) {
    return new ChainStatusBoard(clock);
  }

  // Declared like every producer in the wiring classes by design: one method a bean.
  /**
   * The chain readers' observer: meters per chain and provider, the status board, and the spans of
   * observations and round trips.
   */
  @Produces
  @Singleton
  ChainTelemetry chainTelemetry(ServiceMeters meters, ChainStatusBoard board, Tracer tracer) {
    return new ChainTelemetry(meters, board, tracer);
  }

  /** The chain-state port the use cases get: every observation timed for {@code Server-Timing}. */
  @Produces
  @Singleton
  ChainState timedChainState(ChainStateByFamily chains) {
    return new TimedChainState(chains);
  }

  void closeChainState(@Disposes ChainStateByFamily chains) {
    chains.close();
  }
}
