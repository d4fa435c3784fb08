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
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.domain.chain.ChainFamily;

class JsonRpcChainSettingsTest {

  private static final ChainReadsConfig.EvmReads NO_SHARED =
      new ChainReadsConfig.EvmReads() {
        @Override
        public OptionalInt cacheEntries() {
          return OptionalInt.empty();
        }

        @Override
        public OptionalInt maxConcurrentCalls() {
          return OptionalInt.empty();
        }

        @Override
        public OptionalLong maxAnswerBytes() {
          return OptionalLong.empty();
        }

        @Override
        public Optional<Duration> failback() {
          return Optional.empty();
        }

        @Override
        public Optional<Boolean> headFollowing() {
          return Optional.empty();
        }

        @Override
        public Optional<Duration> headPollInterval() {
          return Optional.empty();
        }

        @Override
        public Optional<Duration> headMaxAge() {
          return Optional.empty();
        }

        @Override
        public Optional<Duration> headIdleAfter() {
          return Optional.empty();
        }
      };

  @Test
  void withoutConfiguration_bothChainsReadTheirPublicMainnetEndpoints() {
    EvmChainSettingsTest.Config config = new EvmChainSettingsTest.Config(Map.of(), NO_SHARED);

    JsonRpcChainConfig solana = JsonRpcChainSettings.of(ChainFamily.SOLANA, config);
    JsonRpcChainConfig xrpl = JsonRpcChainSettings.of(ChainFamily.XRPL, config);

    assertThat(solana.chain().toString()).isEqualTo("solana");
    assertThat(solana.endpoints()).isEqualTo(JsonRpcChainConfig.SOLANA_PUBLIC);
    assertThat(xrpl.endpoints()).isEqualTo(JsonRpcChainConfig.XRPL_PUBLIC);
    assertThat(xrpl.attempts()).isEqualTo(JsonRpcChainConfig.DEFAULT_ATTEMPTS);
    assertThat(JsonRpcChainSettings.of(ChainFamily.BITCOIN, config).endpoints())
        .isEqualTo(JsonRpcChainConfig.BITCOIN_PUBLIC);
    assertThat(JsonRpcChainSettings.of(ChainFamily.TRON, config).endpoints())
        .isEqualTo(JsonRpcChainConfig.TRON_PUBLIC);
  }

  @Test
  void overrides_replaceTheDefaults_andABadValueNamesItsChain() {
    EvmChainSettingsTest.JsonRpc endpoints =
        new EvmChainSettingsTest.JsonRpc(
            Optional.of(
                List.of(URI.create("http://127.0.0.1:8899"), URI.create("https://b.example"))),
            Optional.of(Duration.ofSeconds(2)),
            OptionalInt.of(5),
            Optional.empty(),
            Optional.empty(),
            Optional.of(Duration.ofSeconds(9)),
            Optional.empty());
    EvmChainSettingsTest.Config config =
        new EvmChainSettingsTest.Config(
            Map.of(), NO_SHARED, endpoints, EvmChainSettingsTest.JsonRpc.NONE);

    JsonRpcChainConfig solana = JsonRpcChainSettings.of(ChainFamily.SOLANA, config);

    assertThat(solana.endpoints()).hasSize(2);
    assertThat(solana.requestTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(solana.attempts()).isEqualTo(5);
    assertThat(solana.observationDeadline()).isEqualTo(Duration.ofSeconds(9));

    EvmChainSettingsTest.JsonRpc tooMany =
        new EvmChainSettingsTest.JsonRpc(
            Optional.empty(),
            Optional.empty(),
            OptionalInt.of(99),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty());
    assertThatThrownBy(
            () ->
                JsonRpcChainSettings.of(
                    ChainFamily.XRPL,
                    new EvmChainSettingsTest.Config(
                        Map.of(), NO_SHARED, EvmChainSettingsTest.JsonRpc.NONE, tooMany)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("walletstate.chains.xrpl: ");
  }
}
