package org.walletstate.adapters.http.testbed;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;
import org.walletstate.devnet.Devnet;

/**
 * Points the service's EVM chains 1, 8453 and 10 at the local devnet (started once per test JVM,
 * stopped when it exits). Every other chain keeps its public endpoints, which tests never reach.
 */
public class DevnetTestResource implements QuarkusTestResourceLifecycleManager {

  @Override
  public Map<String, String> start() {
    Devnet devnet = Devnet.shared();
    Map<String, String> config = new HashMap<>();
    devnet
        .rpcUrls()
        .forEach(
            (chainId, url) ->
                config.put("walletstate.chains.evm.\"" + chainId + "\".endpoints", url.toString()));
    return config;
  }

  @Override
  public void stop() {
    // the shared devnet stops when the test JVM exits
  }
}
