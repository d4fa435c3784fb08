package org.walletstate.devnet;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.walletstate.devnet.replay.LocalNodeRequests;
import org.walletstate.devnet.replay.LocalNodes;
import org.walletstate.devnet.replay.TrustTokens;

/**
 * Everything beside the EVM chains that {@code ./run.sh --devnet} needs for the whole product to
 * answer offline, next to a running devnet: the non-EVM {@link LocalNodes}, the BTC/USD feed at its
 * production address on chain 1 (refreshed, so it never ages past the service's limit), an x402
 * facilitator of the official packages on 8453 and Solana, one-second interval mining on the
 * devnet's chains when live (so payments gather confirmations), and the service's settings that
 * point at all of it: the properties an operator sets in production ({@code
 * docs/configuration.md}).
 *
 * <pre>
 * java -cp … org.walletstate.devnet.LocalWorld --manifest devnet/run/manifest.json --list …tsv \
 *     [--world devnet/run/world.json]
 * </pre>
 *
 * prints {@code property=value} lines, then {@value #READY}, and runs until its standard input
 * closes.
 */
public final class LocalWorld implements AutoCloseable {

  public static final String READY = "LOCAL_WORLD_READY";

  /** The feed's price in the devnet: 100,000 USD per BTC (8 decimals). */
  public static final BigInteger BTC_USD = BigInteger.valueOf(100_000_00000000L);

  private final LocalNodes nodes;
  private final X402Facilitator facilitator;
  private final ScheduledExecutorService feed;
  private final Map<String, String> properties = new LinkedHashMap<>();

  private LocalWorld(Path devnetDirectory, DevnetManifest manifest, Path checkList, boolean live) {
    nodes = LocalNodes.start(TrustTokens.read(checkList));
    JsonRpc chain1 = new JsonRpc(manifest.chain(1).rpcUrl());
    BtcUsdFeed.set(chain1, BTC_USD, Instant.now(), 1);
    feed =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "btc-usd-feed");
              thread.setDaemon(true);
              return thread;
            });
    long[] round = {1};
    if (live) {
      feed.scheduleAtFixedRate(
          () -> BtcUsdFeed.set(chain1, BTC_USD, Instant.now(), ++round[0]),
          10,
          10,
          TimeUnit.MINUTES);
    }
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    key[0] = (byte) (key[0] & 0x7f); // below the group order
    URI base = manifest.chain(8453).rpcUrl();
    facilitator =
        new X402Facilitator(
            devnetDirectory,
            "0x" + HexFormat.of().formatHex(key),
            base,
            8453,
            nodes.urls().get("solana"));
    new JsonRpc(base).call("anvil_setBalance", facilitator.address(), "0x56bc75e2d63100000");
    if (live) {
      for (long chain : manifest.chains().keySet()) {
        new JsonRpc(manifest.chain(chain).rpcUrl()).call("evm_setIntervalMining", 1);
      }
    }
    settings(manifest);
  }

  /**
   * Starts it beside the devnet whose manifest is given, with the trust list at {@code checkList}.
   * {@code live} (as {@code ./run.sh --devnet} runs it) also mines a block every second on the
   * devnet's chains, so payments gather confirmations, and refreshes the feed's round every 10
   * minutes; tests that share a devnet whose block numbers they count leave both off.
   */
  public static LocalWorld start(
      Path devnetDirectory, DevnetManifest manifest, Path checkList, boolean live) {
    return new LocalWorld(devnetDirectory, manifest, checkList, live);
  }

  private void settings(DevnetManifest manifest) {
    nodes
        .urls()
        .forEach(
            (family, url) ->
                properties.put("walletstate.chains." + family + ".endpoints", "" + url));
    String treasury = manifest.wallet("treasury").address();
    properties.put("walletstate.x402.pay-to-evm", treasury);
    properties.put("walletstate.x402.pay-to-solana", LocalNodes.SOLANA_RECEIVER);
    properties.put("walletstate.x402.facilitator-url", facilitator.url().toString());
    properties.put(
        "walletstate.x402.relayer-key", manifest.wallet("relayer").privateKey().orElseThrow());
    properties.put("walletstate.payments.receiver-evm", treasury);
    properties.put("walletstate.payments.receiver-solana", LocalNodes.SOLANA_RECEIVER);
    properties.put("walletstate.payments.receiver-tron", LocalNodes.TRON_RECEIVER);
    properties.put("walletstate.payments.receiver-bitcoin", LocalNodes.BITCOIN_RECEIVER);
    properties.put(
        "walletstate.payments.access-pass.contract", manifest.chain(8453).address("accessPass"));
    properties.put(
        "walletstate.payments.access-pass.minter-key",
        manifest.wallet("passMinter").privateKey().orElseThrow());
    properties.put("walletstate.payments.btc-usd-feed.address", BtcUsdFeed.PRODUCTION);
  }

  /** The service's settings that point at this world and the devnet's payment wallets. */
  public Map<String, String> properties() {
    return Map.copyOf(properties);
  }

  /**
   * Writes what a client needs to use this world to {@code file} as JSON: each node's URL ({@code
   * nodes}), an attest body per family that the scenario meets ({@code attestBodies}), the trust
   * profile's optional wallets ({@code trustWallets}), the facilitator's URL, and the Bitcoin
   * payment's receiver and BTC/USD price ({@code payments}).
   */
  public void describe(Path file) throws IOException {
    Map<String, Object> description = new LinkedHashMap<>();
    Map<String, String> urls = new LinkedHashMap<>();
    nodes.urls().forEach((family, url) -> urls.put(family, url.toString()));
    description.put("nodes", urls);
    description.put("attestBodies", LocalNodeRequests.attestBodies());
    description.put("trustWallets", LocalNodeRequests.trustWallets());
    description.put("facilitator", facilitator.url().toString());
    Map<String, String> payments = new LinkedHashMap<>();
    payments.put("bitcoinReceiver", LocalNodes.BITCOIN_RECEIVER);
    payments.put("btcUsd", new BigDecimal(BTC_USD, 8).stripTrailingZeros().toPlainString());
    description.put("payments", payments);
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(file.toFile(), description);
  }

  // Accessors and close in the same shape as X402Facilitator's and LocalNodes' by design: each
  // closes what it started.
  public LocalNodes nodes() {
    return nodes;
  }

  public X402Facilitator facilitator() {
    return facilitator;
  }

  @Override
  public void close() {
    feed.shutdownNow();
    facilitator.close();
    nodes.close();
  }

  public static void main(String[] args) throws IOException {
    Path manifestFile = null;
    Path list = null;
    Path worldFile = null;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--manifest" -> manifestFile = Path.of(args[i + 1]);
        case "--list" -> list = Path.of(args[i + 1]);
        case "--world" -> worldFile = Path.of(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (manifestFile == null || list == null) {
      throw new IllegalArgumentException(
          "usage: LocalWorld --manifest FILE --list TSV [--world FILE]");
    }
    try (LocalWorld world =
        start(Devnet.locateDirectory(), DevnetManifest.read(manifestFile), list, true)) {
      if (worldFile != null) {
        world.describe(worldFile);
      }
      world.properties.forEach((key, value) -> System.out.println(key + "=" + value));
      System.out.println(READY);
      System.out.flush();
      InputStream in = System.in;
      while (in.read() >= 0) {
        // runs until standard input closes
      }
    }
  }
}
