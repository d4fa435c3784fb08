package org.walletstate.adapters.http.testbed;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.walletstate.devnet.replay.JsonRpcReplay;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.XrplReplay;

/**
 * Two replay servers for the XRP Ledger and two for Solana, in the official API shapes, as each
 * chain's two independent providers for quorum reads, named {@code one} and {@code two}. The
 * servers are started once per test JVM (like {@link DevnetTestResource}'s) so that every test
 * class that lists this resource reads them; a test installs their state with {@link States}.
 */
public final class NonEvmTwoProviders implements QuarkusTestResourceLifecycleManager {

  private static JsonRpcReplay xrplOneServer;
  private static JsonRpcReplay xrplTwoServer;
  private static JsonRpcReplay solanaOneServer;
  private static JsonRpcReplay solanaTwoServer;

  private static synchronized void started() {
    if (xrplOneServer == null) {
      xrplOneServer = JsonRpcReplay.start();
      xrplTwoServer = JsonRpcReplay.start();
      solanaOneServer = JsonRpcReplay.start();
      solanaTwoServer = JsonRpcReplay.start();
    }
  }

  @Override
  public Map<String, String> start() {
    started();
    return Map.of(
        "walletstate.chains.xrpl.providers.one.endpoints", xrplOneServer.url().toString(),
        "walletstate.chains.xrpl.providers.two.endpoints", xrplTwoServer.url().toString(),
        "walletstate.chains.xrpl.quorum", "2",
        "walletstate.chains.solana.providers.one.endpoints", solanaOneServer.url().toString(),
        "walletstate.chains.solana.providers.two.endpoints", solanaTwoServer.url().toString());
  }

  /** The two XRPL providers' servers, {@code one} first. */
  public static List<JsonRpcReplay> xrplServers() {
    started();
    return List.of(xrplOneServer, xrplTwoServer);
  }

  /** The two Solana providers' servers, {@code one} first. */
  public static List<JsonRpcReplay> solanaServers() {
    started();
    return List.of(solanaOneServer, solanaTwoServer);
  }

  @Override
  public void stop() {
    // the servers are the JVM's, shared by every test class that lists this resource
  }

  /**
   * What each provider serves: the same state on both unless a test makes {@code two} differ, then
   * {@link #serve()}d. A new one forgets what the servers answered before.
   */
  public static final class States {
    public final XrplReplay xrplOne = new XrplReplay();
    public final XrplReplay xrplTwo = new XrplReplay();
    public final SolanaReplay solanaOne = new SolanaReplay();
    public final SolanaReplay solanaTwo = new SolanaReplay();

    public States() {
      started();
      List.of(xrplOneServer, xrplTwoServer, solanaOneServer, solanaTwoServer)
          .forEach(JsonRpcReplay::reset);
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

    /** Serves each state on its provider's server. */
    public void serve() {
      xrplOne.serveOn(xrplOneServer);
      xrplTwo.serveOn(xrplTwoServer);
      solanaOne.serveOn(solanaOneServer);
      solanaTwo.serveOn(solanaTwoServer);
    }
  }
}
