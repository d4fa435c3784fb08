package org.walletstate.adapters.http.testbed;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.walletstate.devnet.replay.BitcoinReplay;
import org.walletstate.devnet.replay.HorizonReplay;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.SuiReplay;
import org.walletstate.devnet.replay.TronReplay;
import org.walletstate.devnet.replay.XrplReplay;

/**
 * Two replay servers for each non-EVM family (the XRP Ledger, Solana, Bitcoin, Tron, Stellar and
 * Sui), in the official API shapes, as each chain's two independent providers for quorum reads,
 * named {@code one} and {@code two}. The servers are started once per test JVM (like {@link
 * DevnetTestResource}'s) so that every test class that lists this resource reads them; a test
 * installs their state with {@link States}.
 */
public final class NonEvmTwoProviders implements QuarkusTestResourceLifecycleManager {

  /** The JSON-RPC and REST families' two servers each, {@code one} first, by chain id. */
  private static Map<String, List<JsonRpcReplay>> servers;

  /** Stellar's two Horizon servers, {@code one} first. */
  private static List<HorizonReplay> stellar;

  private static synchronized void started() {
    if (servers == null) {
      Map<String, List<JsonRpcReplay>> byChain = new LinkedHashMap<>();
      for (String chain : List.of("xrpl", "solana", "bitcoin", "tron", "sui")) {
        byChain.put(chain, List.of(JsonRpcReplay.start(), JsonRpcReplay.start()));
      }
      stellar = List.of(HorizonReplay.start(), HorizonReplay.start());
      servers = byChain;
    }
  }

  @Override
  public Map<String, String> start() {
    started();
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("walletstate.chains.xrpl.quorum", "2");
    servers.forEach(
        (chain, two) -> providers(properties, chain, two.get(0).url(), two.get(1).url()));
    providers(properties, "stellar", stellar.get(0).url(), stellar.get(1).url());
    return properties;
  }

  private static void providers(
      Map<String, String> properties, String chain, Object one, Object two) {
    String providers = "walletstate.chains." + chain + ".providers.";
    properties.put(providers + "one.endpoints", one.toString());
    properties.put(providers + "two.endpoints", two.toString());
  }

  /** The two XRPL providers' servers, {@code one} first. */
  public static List<JsonRpcReplay> xrplServers() {
    started();
    return servers.get("xrpl");
  }

  /** The two Solana providers' servers, {@code one} first. */
  public static List<JsonRpcReplay> solanaServers() {
    started();
    return servers.get("solana");
  }

  /** The two Stellar providers' Horizon servers, {@code one} first. */
  public static List<HorizonReplay> stellarServers() {
    started();
    return stellar;
  }

  @Override
  public void stop() {
    // the servers are the JVM's, shared by every test class that lists this resource
  }

  /**
   * What each provider serves: the same state on both unless a test makes {@code two} differ, then
   * {@link #serve()}d. A new one forgets what the servers answered before. Stellar's state is held
   * by its Horizon servers themselves ({@link #stellar(Consumer)}).
   */
  public static final class States {
    public final XrplReplay xrplOne = new XrplReplay();
    public final XrplReplay xrplTwo = new XrplReplay();
    public final SolanaReplay solanaOne = new SolanaReplay();
    public final SolanaReplay solanaTwo = new SolanaReplay();
    public final BitcoinReplay bitcoinOne = new BitcoinReplay();
    public final BitcoinReplay bitcoinTwo = new BitcoinReplay();
    public final TronReplay tronOne = new TronReplay();
    public final TronReplay tronTwo = new TronReplay();
    public final SuiReplay suiOne = new SuiReplay();
    public final SuiReplay suiTwo = new SuiReplay();

    public States() {
      started();
      servers.values().forEach(two -> two.forEach(JsonRpcReplay::reset));
      stellar.forEach(HorizonReplay::reset);
    }

    /** {@code state} on both XRPL providers. */
    public States xrpl(Consumer<XrplReplay> state) {
      List.of(xrplOne, xrplTwo).forEach(state);
      return this;
    }

    /** {@code state} on both Solana providers. */
    public States solana(Consumer<SolanaReplay> state) {
      List.of(solanaOne, solanaTwo).forEach(state);
      return this;
    }

    /** {@code state} on both Bitcoin providers. */
    public States bitcoin(Consumer<BitcoinReplay> state) {
      List.of(bitcoinOne, bitcoinTwo).forEach(state);
      return this;
    }

    /** {@code state} on both Tron providers. */
    public States tron(Consumer<TronReplay> state) {
      List.of(tronOne, tronTwo).forEach(state);
      return this;
    }

    /** {@code state} on both Stellar providers' Horizon servers (served at once). */
    public States stellar(Consumer<HorizonReplay> state) {
      stellar.forEach(state);
      return this;
    }

    /** {@code state} on both Sui providers. */
    public States sui(Consumer<SuiReplay> state) {
      List.of(suiOne, suiTwo).forEach(state);
      return this;
    }

    /** Serves each state on its provider's server. */
    public void serve() {
      xrplOne.serveOn(servers.get("xrpl").get(0));
      xrplTwo.serveOn(servers.get("xrpl").get(1));
      solanaOne.serveOn(servers.get("solana").get(0));
      solanaTwo.serveOn(servers.get("solana").get(1));
      bitcoinOne.serveOn(servers.get("bitcoin").get(0));
      bitcoinTwo.serveOn(servers.get("bitcoin").get(1));
      tronOne.serveOn(servers.get("tron").get(0));
      tronTwo.serveOn(servers.get("tron").get(1));
      suiOne.serveOn(servers.get("sui").get(0));
      suiTwo.serveOn(servers.get("sui").get(1));
    }
  }
}
