package org.walletstate.adapters.http.testbed;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.devnet.TrustChains;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.domain.trust.TrustCheckList;

/**
 * The EVM chains a trust profile reads that the devnet does not run (20 of the 23) on their own
 * light anvils ({@link TrustChains}, {@code devnet/scripts/trust-chains.mjs}: Multicall3 and the
 * check list's token and NFT contracts at their production addresses, the {@code holder} given
 * every other row of each chain), started once per test JVM next to the shared devnet, each behind
 * a pass-through {@link FaultProxy} so tests count (and break) every chain's requests. Use together
 * with {@link DevnetTestResource}, which runs chains 1, 8453 and 10 (behind their proxies).
 */
public class TrustChainsTestResource implements QuarkusTestResourceLifecycleManager {

  private static final Map<Long, FaultProxy> PROXIES = new ConcurrentHashMap<>();

  @Override
  public Map<String, String> start() {
    Devnet devnet = Devnet.shared();
    TrustChains chains = lightChains();
    Map<String, String> config = new HashMap<>();
    chains
        .rpcUrls()
        .forEach(
            (id, url) -> {
              FaultProxy proxy = PROXIES.computeIfAbsent(id, x -> FaultProxy.inFrontOf(url));
              config.put("walletstate.chains.evm.\"" + id + "\".endpoints", proxy.url().toString());
            });
    System.getLogger(TrustChainsTestResource.class.getName())
        .log(
            System.Logger.Level.INFO,
            "trust light chains: {0} anvils, ready in {1} ms, {2} MiB resident together",
            chains.rpcUrls().size(),
            chains.startTime().toMillis(),
            chains.anvilsRssMiB());
    if (devnet.rpcUrls().size() + chains.rpcUrls().size() != 23) {
      throw new IllegalStateException(
          "a base profile reads 23 EVM chains; the devnet and the light chains run "
              + devnet.rpcUrls().keySet()
              + " and "
              + chains.rpcUrls().keySet());
    }
    return config;
  }

  /** The JVM's light chains next to the shared devnet (started on first use). */
  public static TrustChains lightChains() {
    return TrustChains.shared(Devnet.shared(), checkListFile());
  }

  /** The anvil that serves {@code chainId}: the devnet's, or the chain's light anvil. */
  public static JsonRpc anvil(long chainId) {
    Devnet devnet = Devnet.shared();
    return devnet.rpcUrls().containsKey(chainId) ? devnet.rpc(chainId) : lightChains().rpc(chainId);
  }

  /** The domain's check list, copied out of its jar for the node script. */
  public static Path checkListFile() {
    String resource =
        "/org/walletstate/domain/trust/trust-checks-" + TrustCheckList.VERSION + ".tsv";
    try (InputStream in = TrustCheckList.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no " + resource + " on the class path");
      }
      Path file = Files.createTempFile("trust-checks-", ".tsv");
      file.toFile().deleteOnExit();
      Files.write(file, in.readAllBytes());
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * What the test chains make of the {@code holder} wallet, row by row of a base profile, keyed by
   * {@code dimension/label}, derived from the scenario, not from the service: the devnet's own
   * contracts at a row's address (USDC) are held (the scenario's holder holds every asset it
   * deploys); every other EVM token or NFT row is placed by {@code trust-chains.mjs}, which gives
   * the holder every other placed row of each chain, in list order (first held); the holder is a
   * plain EOA, so no account row is met. Rows of other families are absent (not evaluated).
   */
  public static Map<String, Boolean> holderExpectations() {
    DevnetManifest manifest = Devnet.shared().manifest();
    String holder = manifest.wallet("holder").address();
    Map<Long, Integer> placed = new HashMap<>();
    Map<String, Boolean> expected = new LinkedHashMap<>();
    for (String line : checkListLines()) {
      String[] c = line.split("\t", -1);
      if (!c[2].matches("[0-9]+")) {
        continue;
      }
      long chain = Long.parseLong(c[2]);
      String key = c[0] + "/" + c[1];
      switch (c[3]) {
        case "account_code" -> expected.put(key, false);
        case "token_balance", "nft_ownership" -> {
          Set<String> scenario =
              manifest.chains().containsKey(chain)
                  ? manifest.chain(chain).contracts().values().stream()
                      .map(x -> x.address().toLowerCase(Locale.ROOT))
                      .collect(Collectors.toSet())
                  : Set.of();
          if (scenario.contains(c[4].toLowerCase(Locale.ROOT))) {
            // the devnet's own contracts: the scenario decides who holds them (the holder has its
            // USDC, the payment tests' USDT is minted to other wallets), read from the chain itself
            expected.put(key, Payments.balanceOf(chain, c[4], holder).signum() > 0);
          } else {
            int n = placed.merge(chain, 1, Integer::sum) - 1;
            expected.put(key, n % 2 == 0);
          }
        }
        default -> throw new IllegalStateException("unknown row type " + c[3]);
      }
    }
    return expected;
  }

  private static List<String> checkListLines() {
    try {
      return Files.readAllLines(checkListFile(), StandardCharsets.UTF_8).stream()
          .filter(l -> !l.isEmpty() && !l.startsWith("#") && !l.startsWith("dimension\t"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The pass-through proxy of every EVM chain a base profile reads (the light chains', and the
   * devnet's proxies for 1, 10 and 8453), by chain id.
   */
  public static Map<Long, FaultProxy> everyChain() {
    Map<Long, FaultProxy> all = new TreeMap<>(PROXIES);
    all.put(DevnetTestResource.PROXIED_MAINNET, DevnetTestResource.chain1());
    all.put(DevnetTestResource.PROXIED_CHAIN, DevnetTestResource.chain10());
    all.put(DevnetTestResource.PROXIED_BASE, DevnetTestResource.chain8453());
    return all;
  }

  @Override
  public void stop() {
    // the light chains stop when the test JVM exits, with the shared devnet
  }
}
