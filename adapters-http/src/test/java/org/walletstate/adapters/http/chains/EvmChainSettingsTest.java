package org.walletstate.adapters.http.chains;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.config.EvmQuorum;
import org.walletstate.adapters.chain.evm.config.HeadFollowing;
import org.walletstate.application.trust.port.in.TrustBatchCommand;
import org.walletstate.domain.chain.ChainId;

class EvmChainSettingsTest {

  private record Chain(
      Optional<List<URI>> endpoints,
      Optional<Duration> requestTimeout,
      OptionalInt attempts,
      Optional<Duration> initialBackoff,
      Optional<Duration> maxBackoff,
      OptionalInt maxBatchSize,
      Optional<Duration> observationDeadline)
      implements ChainReadsConfig.EvmChain {

    @Override
    public java.util.Map<String, ChainReadsConfig.Provider> providers() {
      return java.util.Map.of();
    }

    @Override
    public OptionalInt quorum() {
      return OptionalInt.empty();
    }

    @Override
    public OptionalInt maxLagBlocks() {
      return OptionalInt.empty();
    }
  }

  private record Shared(
      OptionalInt cacheEntries,
      OptionalInt maxConcurrentCalls,
      Optional<Duration> failback,
      Optional<Boolean> headFollowing,
      Optional<Duration> headPollInterval,
      Optional<Duration> headMaxAge,
      Optional<Duration> headIdleAfter)
      implements ChainReadsConfig.EvmReads {
    @Override
    public OptionalLong maxAnswerBytes() {
      return OptionalLong.empty();
    }

    Shared(OptionalInt cacheEntries, OptionalInt maxConcurrentCalls, Optional<Duration> failback) {
      this(
          cacheEntries,
          maxConcurrentCalls,
          failback,
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty());
    }

    static Shared heads(
        Optional<Boolean> following, Optional<Duration> interval, Optional<Duration> maxAge) {
      return new Shared(
          OptionalInt.empty(),
          OptionalInt.empty(),
          Optional.empty(),
          following,
          interval,
          maxAge,
          Optional.empty());
    }
  }

  record JsonRpc(
      Optional<List<URI>> endpoints,
      Optional<Duration> requestTimeout,
      OptionalInt attempts,
      Optional<Duration> initialBackoff,
      Optional<Duration> maxBackoff,
      Optional<Duration> observationDeadline,
      Optional<Duration> failback)
      implements ChainReadsConfig.JsonRpcChain {

    static final JsonRpc NONE =
        new JsonRpc(
            Optional.empty(),
            Optional.empty(),
            OptionalInt.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty());

    @Override
    public Map<String, ChainReadsConfig.Provider> providers() {
      return Map.of();
    }

    @Override
    public OptionalInt quorum() {
      return OptionalInt.empty();
    }

    @Override
    public OptionalLong maxLag() {
      return OptionalLong.empty();
    }
  }

  record Config(
      Map<String, EvmChain> evm,
      EvmReads evmReads,
      JsonRpcChain solana,
      JsonRpcChain xrpl,
      boolean signsNames)
      implements ChainReadsConfig {
    Config(Map<String, EvmChain> evm, EvmReads evmReads) {
      this(evm, evmReads, JsonRpc.NONE, JsonRpc.NONE);
    }

    Config(Map<String, EvmChain> evm, EvmReads evmReads, JsonRpcChain solana, JsonRpcChain xrpl) {
      this(evm, evmReads, solana, xrpl, false);
    }

    @Override
    public Quorum quorum() {
      return () -> signsNames;
    }

    @Override
    public JsonRpcChain bitcoin() {
      return JsonRpc.NONE;
    }

    @Override
    public JsonRpcChain stellar() {
      return JsonRpc.NONE;
    }

    @Override
    public JsonRpcChain tron() {
      return JsonRpc.NONE;
    }

    @Override
    public JsonRpcChain sui() {
      return JsonRpc.NONE;
    }
  }

  private static final Shared NO_SHARED =
      new Shared(OptionalInt.empty(), OptionalInt.empty(), Optional.empty());

  @Test
  void endpointsAreLoggedByHostAndPortOnly_neverWithPathQueryOrUserInfo() {
    assertThat(
            EvmChainSettings.hostOf(URI.create("https://user:pw@rpc.example.org/v2/SECRET?key=k")))
        .isEqualTo("rpc.example.org");
    assertThat(EvmChainSettings.hostOf(URI.create("http://127.0.0.1:18545")))
        .isEqualTo("127.0.0.1:18545");
  }

  @Test
  void unnamedChainsKeepTheirDefaultsAndNamedOnesTakeTheirOverrides() {
    Chain base =
        new Chain(
            Optional.of(List.of(URI.create("http://127.0.0.1:18546"))),
            Optional.of(Duration.ofSeconds(1)),
            OptionalInt.of(5),
            Optional.empty(),
            Optional.empty(),
            OptionalInt.of(50),
            Optional.empty());
    EvmChainsConfig config =
        EvmChainSettings.evmConfig(
            new Config(
                Map.of("8453", base),
                new Shared(OptionalInt.of(0), OptionalInt.empty(), Optional.empty())));

    var onBase = config.chains().get(ChainId.evm(8453));
    assertThat(onBase.endpoints()).containsExactly(URI.create("http://127.0.0.1:18546"));
    assertThat(onBase.requestTimeout()).isEqualTo(Duration.ofSeconds(1));
    assertThat(onBase.attempts()).isEqualTo(5);
    assertThat(onBase.maxBatchSize()).isEqualTo(50);
    assertThat(config.cacheEntries()).isZero();
    assertThat(config.chains()).hasSize(31);
    assertThat(config.chains().get(ChainId.evm(1)))
        .isEqualTo(EvmChainsConfig.defaults().chains().get(ChainId.evm(1)));
  }

  @Test
  void unknownAndNonEvmChainKeysStopTheStart() {
    Chain none =
        new Chain(
            Optional.empty(),
            Optional.empty(),
            OptionalInt.empty(),
            Optional.empty(),
            Optional.empty(),
            OptionalInt.empty(),
            Optional.empty());
    assertThatThrownBy(() -> EvmChainSettings.evmConfig(new Config(Map.of("999", none), NO_SHARED)))
        .hasMessageContaining("\"999\" is not a supported chain");
    assertThatThrownBy(
            () -> EvmChainSettings.evmConfig(new Config(Map.of("solana", none), NO_SHARED)))
        .hasMessageContaining("is not an EVM chain");
  }

  @Test
  void theDefaultBatch_holdsATrustBatchsRoundOnOneChain_theAggregateAndEveryWalletsCode() {
    int largestTrustRound = 1 + TrustBatchCommand.MAX_WALLETS;

    assertThat(EvmChainsConfig.defaults().chains().values())
        .allSatisfy(
            chain -> assertThat(chain.maxBatchSize()).isGreaterThanOrEqualTo(largestTrustRound));
  }

  @Test
  void headFollowing_isOnByDefault_andTakesItsOverrides() {
    HeadFollowing defaults = EvmChainSettings.headFollowing(new Config(Map.of(), NO_SHARED));
    assertThat(defaults).isEqualTo(HeadFollowing.defaults());

    HeadFollowing off =
        EvmChainSettings.headFollowing(
            new Config(
                Map.of(), Shared.heads(Optional.of(false), Optional.empty(), Optional.empty())));
    assertThat(off.enabled()).isFalse();

    // an interval above the default bound brings the bound to three intervals
    HeadFollowing slow =
        EvmChainSettings.headFollowing(
            new Config(
                Map.of(),
                Shared.heads(
                    Optional.empty(), Optional.of(Duration.ofSeconds(12)), Optional.empty())));
    assertThat(slow.pollInterval()).isEqualTo(Duration.ofSeconds(12));
    assertThat(slow.maxAge()).isEqualTo(Duration.ofSeconds(36));
  }

  @Test
  void aHeadAgeBelowThePollInterval_isRefusedNamingTheKeys() {
    assertThatThrownBy(
            () ->
                EvmChainSettings.headFollowing(
                    new Config(
                        Map.of(),
                        Shared.heads(
                            Optional.empty(),
                            Optional.of(Duration.ofSeconds(2)),
                            Optional.of(Duration.ofSeconds(1))))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("walletstate.chains.evm-reads.head-")
        .hasMessageContaining("maxAge");
  }

  @Test
  void providerNames_areSignedOnEveryChain_onlyWhenTheOperatorOptsIn() {
    Config off = new Config(Map.of(), NO_SHARED);
    Config on = new Config(Map.of(), NO_SHARED, JsonRpc.NONE, JsonRpc.NONE, true);

    Map<ChainId, EvmQuorum> unnamed =
        EvmQuorumSettings.quorums(off, EvmChainSettings.evmConfig(off));
    Map<ChainId, EvmQuorum> named = EvmQuorumSettings.quorums(on, EvmChainSettings.evmConfig(on));

    assertThat(unnamed).isNotEmpty();
    assertThat(unnamed.values()).noneMatch(EvmQuorum::signsNames);
    assertThat(named.keySet()).isEqualTo(unnamed.keySet());
    assertThat(named.values()).allMatch(EvmQuorum::signsNames);
  }
}
