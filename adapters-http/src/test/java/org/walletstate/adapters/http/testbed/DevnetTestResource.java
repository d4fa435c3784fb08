package org.walletstate.adapters.http.testbed;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.replay.HorizonReplay;
import org.walletstate.devnet.replay.JsonRpcReplay;

/**
 * Points the service's EVM chains 1, 8453 and 10 at the local devnet (started once per test JVM,
 * stopped when it exits). Chains 10 and 8453 are always read through a {@link FaultProxy} that
 * passes everything through until a test installs rules on {@link #chain10()} or {@link
 * #chain8453()}, so failure tests share the one application boot of every other test class. Every
 * other chain keeps its public endpoints, which tests never reach. Solana and the XRP Ledger are
 * read from {@link JsonRpcReplay} servers that tests fill with documented answers.
 */
public class DevnetTestResource implements QuarkusTestResourceLifecycleManager {

  /** The chain read through the proxy. */
  public static final long PROXIED_CHAIN = 10;

  /** The second chain read through a proxy (Base: the agent registry, the delegation managers). */
  public static final long PROXIED_BASE = 8453;

  /** Chain 1 is served through a pass-through proxy too, so its requests can be counted. */
  public static final long PROXIED_MAINNET = 1;

  /** The service's Solana wallet for payments (USDC must reach a token account it owns). */
  public static final String SOLANA_PAYMENTS_RECEIVER =
      "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";

  /** The service's Tron address for payments (USDT TRC-20). */
  public static final String TRON_PAYMENTS_RECEIVER = "TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV";

  /** The service's Bitcoin address for payments (BTC, valued at the BTC/USD feed on chain 1). */
  public static final String BITCOIN_PAYMENTS_RECEIVER =
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

  private static FaultProxy chain1;
  private static FaultProxy chain10;
  private static FaultProxy chain8453;
  private static JsonRpcReplay solana;
  private static JsonRpcReplay xrpl;
  private static JsonRpcReplay bitcoin;
  private static JsonRpcReplay tron;
  private static HorizonReplay stellar;
  private static JsonRpcReplay sui;

  /** The replay server that stands in for every Sui GraphQL endpoint. */
  public static synchronized JsonRpcReplay sui() {
    if (sui == null) {
      sui = JsonRpcReplay.start();
    }
    return sui;
  }

  /** The replay server that stands in for every Stellar Horizon endpoint. */
  public static synchronized HorizonReplay stellar() {
    if (stellar == null) {
      stellar = HorizonReplay.start();
    }
    return stellar;
  }

  /** The replay server that stands in for every Solana endpoint. */
  public static synchronized JsonRpcReplay solana() {
    if (solana == null) {
      solana = JsonRpcReplay.start();
    }
    return solana;
  }

  /** The replay server that stands in for every XRP Ledger endpoint. */
  public static synchronized JsonRpcReplay xrpl() {
    if (xrpl == null) {
      xrpl = JsonRpcReplay.start();
    }
    return xrpl;
  }

  /** The replay server that stands in for every Bitcoin (Esplora) endpoint. */
  public static synchronized JsonRpcReplay bitcoin() {
    if (bitcoin == null) {
      bitcoin = JsonRpcReplay.start();
    }
    return bitcoin;
  }

  /** The replay server that stands in for every Tron (full-node HTTP API) endpoint. */
  public static synchronized JsonRpcReplay tron() {
    if (tron == null) {
      tron = JsonRpcReplay.start();
    }
    return tron;
  }

  /**
   * The proxy in front of chain 10. Tests that install rules {@link FaultProxy#reset()} it before
   * and after; tests that count requests reset it first.
   */
  public static synchronized FaultProxy chain10() {
    if (chain10 == null) {
      chain10 = FaultProxy.inFrontOf(Devnet.shared().rpcUrl(PROXIED_CHAIN));
    }
    return chain10;
  }

  /** The proxy in front of chain 1; same rules of use as {@link #chain10()}. */
  public static synchronized FaultProxy chain1() {
    if (chain1 == null) {
      chain1 = FaultProxy.inFrontOf(Devnet.shared().rpcUrl(PROXIED_MAINNET));
    }
    return chain1;
  }

  /** The proxy in front of chain 8453; same rules of use as {@link #chain10()}. */
  public static synchronized FaultProxy chain8453() {
    if (chain8453 == null) {
      chain8453 = FaultProxy.inFrontOf(Devnet.shared().rpcUrl(PROXIED_BASE));
    }
    return chain8453;
  }

  @Override
  public Map<String, String> start() {
    Devnet devnet = Devnet.shared();
    Map<String, String> config = new HashMap<>();
    devnet
        .rpcUrls()
        .forEach(
            (chainId, url) ->
                config.put(
                    "walletstate.chains.evm.\"" + chainId + "\".endpoints",
                    chainId == PROXIED_CHAIN
                        ? chain10().url().toString()
                        : chainId == PROXIED_MAINNET
                            ? chain1().url().toString()
                            : chainId == PROXIED_BASE
                                ? chain8453().url().toString()
                                : url.toString()));
    // payments: the devnet's treasury receives, its pass minter mints; two confirmations, so a
    // test sees "too few" before it mines one more block
    var manifest = devnet.manifest();
    config.put("walletstate.payments.receiver-evm", manifest.wallet("treasury").address());
    config.put(
        "walletstate.payments.access-pass.contract", manifest.chain(8453).address("accessPass"));
    config.put(
        "walletstate.payments.access-pass.minter-key",
        manifest.wallet("passMinter").privateKey().orElseThrow());
    config.put("walletstate.payments.access-pass.mint-wait", "10s");
    // Solana, Tron and Bitcoin payments are read from the replays below, to these receiving
    // addresses
    config.put("walletstate.payments.receiver-solana", SOLANA_PAYMENTS_RECEIVER);
    config.put("walletstate.payments.receiver-tron", TRON_PAYMENTS_RECEIVER);
    // Bitcoin payments are read from the Esplora replay, valued at BtcUsdFeed on chain 1
    config.put("walletstate.payments.receiver-bitcoin", BITCOIN_PAYMENTS_RECEIVER);
    // x402 paid calls are settled by the devnet's relayer
    config.put(
        "walletstate.x402.relayer-key", manifest.wallet("relayer").privateKey().orElseThrow());
    for (long chain : new long[] {1, 8453, 10}) {
      config.put("walletstate.payments.confirmations.\"" + chain + "\"", "2");
    }
    // no Solana, XRPL, Bitcoin, Tron, Stellar or Sui node here: each is answered by replays of its
    // documented answers
    for (Map.Entry<String, java.net.URI> replay :
        Map.of(
                "solana", solana().url(),
                "xrpl", xrpl().url(),
                "bitcoin", bitcoin().url(),
                "tron", tron().url(),
                "stellar", stellar().url(),
                "sui", sui().url())
            .entrySet()) {
      String prefix = "walletstate.chains." + replay.getKey() + ".";
      config.put(prefix + "endpoints", replay.getValue().toString());
      config.put(prefix + "request-timeout", "1s");
      config.put(prefix + "initial-backoff", "50ms");
      config.put(prefix + "max-backoff", "200ms");
      config.put(prefix + "observation-deadline", "5s");
    }
    return config;
  }

  @Override
  public void stop() {
    // the shared devnet stops when the test JVM exits; the proxy's threads are daemons
  }
}
