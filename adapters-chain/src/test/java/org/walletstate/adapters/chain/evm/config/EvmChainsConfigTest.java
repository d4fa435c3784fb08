package org.walletstate.adapters.chain.evm.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;

class EvmChainsConfigTest {

  private static final ChainId BASE = ChainId.evm(8453);
  private static final List<URI> ONE = List.of(URI.create("https://rpc.example/base"));

  @Test
  void defaults_configureExactlyTheCataloguesEvmChainsInItsOrder() {
    assertThat(EvmChainsConfig.defaults().chains().keySet())
        .containsExactlyElementsOf(ChainCatalogue.evmChains().stream().map(Chain::id).toList())
        .hasSize(31);
  }

  @Test
  void defaults_useHttpsPublicEndpointsWithTheDefaultPolicy() {
    for (EvmChainConfig chain : EvmChainsConfig.defaults().chains().values()) {
      assertThat(chain.endpoints()).isNotEmpty().allMatch(u -> "https".equals(u.getScheme()));
      assertThat(chain.requestTimeout()).isEqualTo(EvmChainConfig.DEFAULT_REQUEST_TIMEOUT);
      assertThat(chain.observationDeadline())
          .isEqualTo(EvmChainConfig.DEFAULT_OBSERVATION_DEADLINE)
          .isGreaterThan(chain.requestTimeout());
    }
    assertThat(PublicEvmEndpoints.of(BASE).get(0)).hasToString("https://mainnet.base.org");
    assertThat(PublicEvmEndpoints.of(ChainId.evm(324)).get(0))
        .hasToString("https://mainnet.era.zksync.io");
  }

  @Test
  void with_replacesOneChainsConfigurationAndKeepsTheOthers() {
    EvmChainsConfig config =
        EvmChainsConfig.defaults().with(EvmChainConfig.of(BASE, ONE).withMaxBatchSize(3));

    assertThat(config.chain(BASE).endpoints()).isEqualTo(ONE);
    assertThat(config.chain(BASE).maxBatchSize()).isEqualTo(3);
    assertThat(config.chain(ChainId.evm(10))).isEqualTo(PublicEvmEndpoints.config(ChainId.evm(10)));
  }

  @Test
  void chainConfig_refusesWhatCannotWork() {
    EvmChainConfig base = EvmChainConfig.of(BASE, ONE);

    assertThatThrownBy(() -> base.withEndpoints(List.of()))
        .hasMessageContaining("at least one endpoint");
    assertThatThrownBy(() -> base.withEndpoints(List.of(URI.create("ws://rpc.example"))))
        .hasMessageContaining("not an http(s) URL");
    assertThatThrownBy(() -> base.withRequestTimeout(Duration.ZERO))
        .hasMessageContaining("requestTimeout must be positive");
    assertThatThrownBy(() -> base.withAttempts(0)).hasMessageContaining("attempts must be 1 to 10");
    assertThatThrownBy(() -> base.withAttempts(11)).hasMessageContaining("attempts");
    assertThatThrownBy(() -> base.withMaxBatchSize(0)).hasMessageContaining("maxBatchSize");
    assertThatThrownBy(() -> base.withBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .hasMessageContaining("below initialBackoff");
    assertThatThrownBy(() -> EvmChainConfig.of(ChainId.named("solana"), ONE))
        .hasMessageContaining("not an EVM chain");
  }

  @Test
  void chainsConfig_refusesAChainFiledUnderAnotherId() {
    assertThatThrownBy(
            () ->
                new EvmChainsConfig(
                    Map.of(ChainId.evm(10), EvmChainConfig.of(BASE, ONE)),
                    0,
                    1,
                    Duration.ZERO,
                    1024))
        .hasMessageContaining("filed under 10");
  }
}
