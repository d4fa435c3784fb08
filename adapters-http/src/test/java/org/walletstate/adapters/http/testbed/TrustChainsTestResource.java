package org.walletstate.adapters.http.testbed;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.trust.TrustCheckList;
import org.walletstate.domain.trust.TrustWallets;

/**
 * The EVM chains a trust profile reads that the devnet does not run (20 of the 23) are pointed at
 * the devnet's chain-1 anvil, so a profile can be read end to end on this machine. Those chains
 * thus answer with chain 1's state: their rows read contracts that are not deployed there and come
 * back {@code not_a_balance}, which is what the tests expect of them. Use together with {@link
 * DevnetTestResource}, which runs chains 1, 8453 and 10 (10 through the fault proxy).
 */
public class TrustChainsTestResource implements QuarkusTestResourceLifecycleManager {

  /** The chain whose anvil stands in for the chains the devnet does not run. */
  public static final long STAND_IN = 1;

  private static final Map<Long, FaultProxy> PROXIES =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static final String ZKSYNC_MULTICALL = "0xF9cda624FBC7e059355ce98a31693d299FACd963";

  @Override
  public Map<String, String> start() {
    Devnet devnet = Devnet.shared();
    TrustCheckList list = TrustCheckList.current();
    Map<String, String> config = new HashMap<>();
    placeZkSyncMulticall(devnet);
    var base =
        list.dimensions(
            TrustWallets.of(
                EvmAddress.parse("0x0000000000000000000000000000000000000001", "wallet")));
    for (Chain chain : list.chains(base)) {
      if (chain.id() instanceof ChainId.Evm evm && !devnet.rpcUrls().containsKey(evm.value())) {
        FaultProxy proxy =
            PROXIES.computeIfAbsent(
                evm.value(), id -> FaultProxy.inFrontOf(devnet.rpcUrl(STAND_IN)));
        config.put(
            "walletstate.chains.evm.\"" + evm.value() + "\".endpoints", proxy.url().toString());
      }
    }
    return config;
  }

  /**
   * ZKsync Era's Multicall3 is not at the canonical address; the stand-in anvil gets the same code
   * there too (then a block seals it), so chain 324's aggregate has a contract to call.
   */
  private static void placeZkSyncMulticall(Devnet devnet) {
    var rpc = devnet.rpc(STAND_IN);
    String code =
        rpc.call("eth_getCode", "0xcA11bde05977b3631167028862bE2a173976CA11", "latest").asText();
    rpc.call("anvil_setCode", ZKSYNC_MULTICALL, code);
    rpc.call("evm_mine");
  }

  /**
   * The pass-through proxy of every EVM chain a base profile reads (the stand-ins', and the
   * devnet's proxies for 1, 10 and 8453), by chain id.
   */
  public static Map<Long, FaultProxy> everyChain() {
    Map<Long, FaultProxy> all = new java.util.TreeMap<>(PROXIES);
    all.put(DevnetTestResource.PROXIED_MAINNET, DevnetTestResource.chain1());
    all.put(DevnetTestResource.PROXIED_CHAIN, DevnetTestResource.chain10());
    all.put(DevnetTestResource.PROXIED_BASE, DevnetTestResource.chain8453());
    return all;
  }

  @Override
  public void stop() {
    // the shared devnet stops when the test JVM exits
  }
}
