package org.walletstate.adapters.chain.evm.config;

import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.domain.chain.ChainId;

/**
 * The public JSON-RPC endpoints of the 31 EVM chains, in priority order, as sourced in {@code
 * shared/reference/evm-chains.md} §1. They are defaults that make a fresh deployment work; they are
 * rate-limited and carry no service agreement, so production configuration names its own.
 */
public final class PublicEvmEndpoints {

  private static final Map<ChainId, List<URI>> ENDPOINTS;

  // Alike by design: a table, one put per chain; the repeats are its rows, not logic.
  static {
    Map<ChainId, List<URI>> m = new LinkedHashMap<>();
    put(
        m,
        1,
        "https://ethereum.publicnode.com",
        "https://eth.drpc.org",
        "https://ethereum.reth.rs/rpc");
    put(
        m,
        56,
        "https://bsc-dataseed1.binance.org",
        "https://bsc-rpc.publicnode.com",
        "https://bsc-dataseed.bnbchain.org");
    put(
        m,
        8453,
        "https://mainnet.base.org",
        "https://base-rpc.publicnode.com",
        "https://base.drpc.org");
    put(
        m,
        43114,
        "https://api.avax.network/ext/bc/C/rpc",
        "https://avalanche-c-chain-rpc.publicnode.com",
        "https://avalanche.drpc.org");
    put(
        m,
        137,
        "https://polygon.drpc.org",
        "https://polygon-bor-rpc.publicnode.com",
        "https://polygon.gateway.tenderly.co");
    put(
        m,
        42161,
        "https://arb1.arbitrum.io/rpc",
        "https://arbitrum-one-rpc.publicnode.com",
        "https://arbitrum.drpc.org");
    put(
        m,
        10,
        "https://mainnet.optimism.io",
        "https://optimism-rpc.publicnode.com",
        "https://optimism.drpc.org");
    put(
        m,
        88888,
        "https://rpc.chiliz.com",
        "https://rpc.ankr.com/chiliz",
        "https://chiliz.publicnode.com");
    put(m, 1868, "https://rpc.soneium.org");
    put(m, 98866, "https://rpc.plume.org");
    put(
        m,
        146,
        "https://rpc.soniclabs.com",
        "https://sonic-rpc.publicnode.com",
        "https://sonic.drpc.org");
    put(
        m,
        100,
        "https://rpc.gnosischain.com",
        "https://gnosis.publicnode.com",
        "https://rpc.gnosis.gateway.fm");
    put(m, 5000, "https://rpc.mantle.xyz", "https://mantle-rpc.publicnode.com");
    put(
        m,
        534352,
        "https://rpc.scroll.io",
        "https://scroll-rpc.publicnode.com",
        "https://scroll.drpc.org");
    put(m, 59144, "https://rpc.linea.build", "https://linea.drpc.org", "https://1rpc.io/linea");
    put(m, 324, "https://mainnet.era.zksync.io", "https://zksync2-mainnet.zksync.io");
    put(m, 81457, "https://rpc.blast.io", "https://blast-rpc.publicnode.com");
    put(m, 167000, "https://rpc.mainnet.taiko.xyz", "https://taiko-rpc.publicnode.com");
    // More rows of the table, alike by design: one put per chain.
    put(m, 2020, "https://api.roninchain.com/rpc", "https://ronin.drpc.org");
    put(m, 42220, "https://forno.celo.org", "https://celo.drpc.org");
    put(m, 88, "https://rpc.viction.xyz", "https://viction.drpc.org");
    put(
        m,
        204,
        "https://opbnb-mainnet-rpc.bnbchain.org",
        "https://opbnb-rpc.publicnode.com",
        "https://opbnb.drpc.org");
    put(
        m,
        480,
        "https://worldchain-mainnet.g.alchemy.com/public",
        "https://worldchain.drpc.org",
        "https://worldchain-mainnet.gateway.tenderly.co");
    put(m, 130, "https://mainnet.unichain.org", "https://unichain-rpc.publicnode.com");
    put(m, 57073, "https://rpc-gel.inkonchain.com", "https://rpc-qnd.inkonchain.com");
    put(m, 1329, "https://evm-rpc.sei-apis.com", "https://sei-evm-rpc.publicnode.com");
    put(
        m,
        80094,
        "https://rpc.berachain.com",
        "https://berachain-rpc.publicnode.com",
        "https://rpc.berachain-apis.com");
    put(m, 33139, "https://rpc.apechain.com/http", "https://rpc.apechain.com");
    put(
        m,
        50,
        "https://rpc.xdcrpc.com",
        "https://erpc.xinfin.network",
        "https://rpc.xinfin.network");
    put(m, 4663, "https://rpc.mainnet.chain.robinhood.com");
    put(m, 5042, "https://arc.drpc.org");
    ENDPOINTS = Collections.unmodifiableMap(m);
  }

  private PublicEvmEndpoints() {}

  private static void put(Map<ChainId, List<URI>> m, long chain, String... urls) {
    m.put(ChainId.evm(chain), List.of(urls).stream().map(URI::create).toList());
  }

  /** The chains with public endpoints: every EVM chain of the catalogue, in its order. */
  public static Map<ChainId, List<URI>> all() {
    return ENDPOINTS;
  }

  /**
   * The public endpoints of {@code chain}, in priority order.
   *
   * @throws IllegalArgumentException when the chain has none here
   */
  public static List<URI> of(ChainId chain) {
    List<URI> endpoints = ENDPOINTS.get(chain);
    if (endpoints == null) {
      throw new IllegalArgumentException("no public endpoints are known for chain " + chain);
    }
    return endpoints;
  }

  /** The default configuration of {@code chain}: its public endpoints, the default policy. */
  public static EvmChainConfig config(ChainId chain) {
    return EvmChainConfig.of(chain, of(chain));
  }
}
