package org.walletstate.adapters.http.chains;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Overrides of how chains are read; every chain not named keeps its defaults (its public endpoints
 * and the default policy). Keys: {@code walletstate.chains.evm."8453".endpoints}, {@code
 * walletstate.chains.evm-reads.cache-entries}, ...
 */
@ConfigMapping(prefix = "walletstate.chains")
public interface ChainReadsConfig {

  /** Per EVM chain id. */
  Map<String, EvmChain> evm();

  @WithName("evm-reads")
  EvmReads evmReads();

  /** Quorum reads on every chain: {@code walletstate.chains.quorum.sign-provider-names}. */
  Quorum quorum();

  /** Solana: {@code walletstate.chains.solana.endpoints}, ... */
  JsonRpcChain solana();

  /** The XRP Ledger: {@code walletstate.chains.xrpl.endpoints}, ... */
  JsonRpcChain xrpl();

  /** Bitcoin (Esplora REST): {@code walletstate.chains.bitcoin.endpoints}, ... */
  JsonRpcChain bitcoin();

  /** Tron (full-node HTTP API): {@code walletstate.chains.tron.endpoints}, ... */
  JsonRpcChain tron();

  /** Stellar (Horizon REST): {@code walletstate.chains.stellar.endpoints}, ... */
  JsonRpcChain stellar();

  /** Sui (GraphQL): {@code walletstate.chains.sui.endpoints}, ... */
  JsonRpcChain sui();

  // The same overrides as EvmChain's by design: each family's keys are mapped and documented on
  // their own.
  /** A non-EVM chain read over JSON-RPC, a REST API or GraphQL: its overrides. */
  interface JsonRpcChain {
    /** Endpoints in priority order. */
    Optional<List<URI>> endpoints();

    Optional<Duration> requestTimeout();

    OptionalInt attempts();

    Optional<Duration> initialBackoff();

    Optional<Duration> maxBackoff();

    Optional<Duration> observationDeadline();

    Optional<Duration> failback();

    /**
     * Providers for quorum reads (Solana, XRPL, Bitcoin, Tron, Stellar and Sui), by name: {@code
     * walletstate.chains.xrpl.providers.ripple.endpoints}. When none is named, the chain's
     * endpoints grouped by vendor are its providers.
     */
    Map<String, Provider> providers();

    /** k: independent providers a quorum read reads and compares (at least 2; default 2). */
    OptionalInt quorum();

    /** The most the providers' anchors may be apart, in ledgers, slots, blocks or checkpoints. */
    OptionalLong maxLag();
  }

  /** One chain's overrides. */
  interface EvmChain {
    /** Endpoints in priority order. */
    Optional<List<URI>> endpoints();

    Optional<Duration> requestTimeout();

    OptionalInt attempts();

    Optional<Duration> initialBackoff();

    Optional<Duration> maxBackoff();

    OptionalInt maxBatchSize();

    Optional<Duration> observationDeadline();

    /**
     * Providers for quorum reads, by name: {@code walletstate.chains.evm."8453".providers.alchemy.
     * endpoints}. When none is named, the chain's endpoints grouped by vendor are its providers.
     */
    Map<String, Provider> providers();

    /** k: independent providers a quorum read reads and compares (at least 2; default 2). */
    OptionalInt quorum();

    /** The most blocks a quorum's heads may be apart (default 3). */
    OptionalInt maxLagBlocks();
  }

  /** One provider of a chain, for quorum reads. */
  interface Provider {
    /** Its endpoints in priority order (failover among them, as one provider). */
    List<URI> endpoints();

    /** Whether it counts towards a quorum: operated apart from the chain's other providers. */
    Optional<Boolean> independent();
  }

  /** Settings of quorum reads shared by all chains. */
  interface Quorum {
    /**
     * Whether a result read with a quorum signs the configured names of the providers read, sorted,
     * in {@code readAssurance.names} (never a URL); off, it names none, as before.
     */
    @WithDefault("false")
    boolean signProviderNames();
  }

  /** Settings shared by all EVM chains. */
  interface EvmReads {
    OptionalInt cacheEntries();

    OptionalInt maxConcurrentCalls();

    /** The most bytes one node answer may have (docs/chain-reads.md, "Answer size"). */
    OptionalLong maxAnswerBytes();

    Optional<Duration> failback();

    /** Whether each chain's head is followed (see docs/chain-reads.md, "Head following"). */
    Optional<Boolean> headFollowing();

    /** How often a followed head is polled. */
    Optional<Duration> headPollInterval();

    /** The oldest a followed head may be to anchor a request. */
    Optional<Duration> headMaxAge();

    /** How long a chain no request asks for is still polled. */
    Optional<Duration> headIdleAfter();
  }
}
