package org.walletstate.adapters.http.testbed;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.LocalWorld;

/**
 * The service configured as {@code ./run.sh --devnet} configures it: the devnet's chains 1, 8453
 * and 10 read directly, and every setting {@link LocalWorld} prints (the six non-EVM local nodes,
 * the payment receivers, the relayer, the access pass and its minter, the x402 facilitator, the
 * BTC/USD feed). The world is started once per test JVM beside the shared devnet, without interval
 * mining (other test classes count that devnet's blocks). Use with {@link TrustChainsTestResource}
 * for the other EVM chains, and without {@link DevnetTestResource} (which sets the same settings to
 * replays of its own).
 */
public class LocalWorldTestResource implements QuarkusTestResourceLifecycleManager {

  private static LocalWorld world;

  /** The JVM's world beside the shared devnet (started on first use). */
  public static synchronized LocalWorld world() {
    if (world == null) {
      Devnet devnet = Devnet.shared();
      world =
          LocalWorld.start(
              devnet.directory(),
              devnet.manifest(),
              TrustChainsTestResource.checkListFile(),
              false);
      Runtime.getRuntime().addShutdownHook(new Thread(world::close, "local-world-shutdown"));
    }
    return world;
  }

  @Override
  public Map<String, String> start() {
    Map<String, String> config = new HashMap<>(world().properties());
    Devnet.shared()
        .rpcUrls()
        .forEach(
            (id, url) -> config.put("walletstate.chains.evm.\"" + id + "\".endpoints", "" + url));
    return config;
  }

  @Override
  public void stop() {
    // the world stops when the test JVM exits, with the shared devnet
  }
}
