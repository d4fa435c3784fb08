package org.walletstate.devnet;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A running devnet: one anvil per chain on a free 127.0.0.1 port, deployed with the scenario of
 * {@code devnet/scripts/deploy.mjs}, under a node supervisor ({@code devnet/scripts/devnet.mjs}).
 *
 * <p>{@link #start()} gives a devnet of one's own, stopped by {@link #close()}; {@link #shared()}
 * gives the JVM-wide one that test classes share, stopped when the JVM exits. Either way a shutdown
 * hook stops it if the JVM exits first, and the supervisor stops its anvils when its standard input
 * (held by this JVM) closes, so a killed JVM leaves no chain behind either.
 */
public final class Devnet implements AutoCloseable {
  private static Devnet shared;

  private final Path directory;
  private final Supervisor supervisor;
  private final DevnetManifest manifest;
  private final Path manifestFile;
  private final Map<Long, JsonRpc> clients = new LinkedHashMap<>();
  private final Thread shutdownHook;
  private boolean isShared;
  private boolean stopped;

  private Devnet(Path directory, Supervisor supervisor) {
    this.manifest = DevnetManifest.read(supervisor.manifestFile());
    this.manifestFile = supervisor.manifestFile();
    this.directory = directory;
    this.supervisor = supervisor;
    manifest.chains().forEach((id, c) -> clients.put(id, new JsonRpc(c.rpcUrl())));
    this.shutdownHook = new Thread(this::stop, "devnet-shutdown");
  }

  /** Starts a devnet of one's own with every chain; close it when done. */
  public static Devnet start() {
    return start(DevnetOptions.defaults());
  }

  /** Starts a devnet of one's own; close it when done. */
  public static Devnet start(DevnetOptions options) {
    Path dir = options.directory().orElseGet(Devnet::locateDirectory);
    Supervisor supervisor = Supervisor.launch(dir, options);
    Devnet devnet = new Devnet(dir, supervisor);
    Runtime.getRuntime().addShutdownHook(devnet.shutdownHook);
    return devnet;
  }

  /**
   * The devnet shared by everything in this JVM, started on first use with every chain and stopped
   * when the JVM exits. {@link #close()} on it does nothing. This is what {@link DevnetExtension}
   * and framework test resources hand out.
   */
  public static synchronized Devnet shared() {
    if (shared == null || !shared.isRunning()) {
      shared = start();
      shared.isShared = true;
    }
    return shared;
  }

  /**
   * The devnet npm project: system property {@code walletstate.devnet.dir}, else environment
   * variable {@code WALLETSTATE_DEVNET_DIR}, else the first {@code devnet/} (or the directory
   * itself) with {@code scripts/devnet.mjs} found walking up from the working directory.
   */
  public static Path locateDirectory() {
    String configured = System.getProperty("walletstate.devnet.dir");
    if (configured == null) {
      configured = System.getenv("WALLETSTATE_DEVNET_DIR");
    }
    if (configured != null) {
      Path p = Path.of(configured).toAbsolutePath();
      if (!Files.isRegularFile(p.resolve("scripts/devnet.mjs"))) {
        throw new DevnetException(p + " is not the devnet project (no scripts/devnet.mjs)");
      }
      return p;
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      for (Path candidate : List.of(p, p.resolve("devnet"))) {
        if (Files.isRegularFile(candidate.resolve("scripts/devnet.mjs"))
            && Files.isRegularFile(candidate.resolve("package.json"))) {
          return candidate;
        }
      }
    }
    throw new DevnetException(
        "cannot find the devnet project above "
            + Path.of("").toAbsolutePath()
            + "; set -Dwalletstate.devnet.dir");
  }

  // Accessors written out by design: each class exposes its own fields.
  public DevnetManifest manifest() {
    return manifest;
  }

  /** The manifest file the supervisor wrote (in the run directory, deleted on stop). */
  public Path manifestFile() {
    return manifestFile;
  }

  /** The devnet npm project directory. */
  public Path directory() {
    return directory;
  }

  public URI rpcUrl(long chainId) {
    return manifest.chain(chainId).rpcUrl();
  }

  /** RPC URL per chain id, in start order. */
  public Map<Long, URI> rpcUrls() {
    return manifest.rpcUrls();
  }

  public JsonRpc rpc(long chainId) {
    JsonRpc c = clients.get(chainId);
    if (c == null) {
      throw new DevnetException("the devnet runs no chain " + chainId);
    }
    return c;
  }

  /** The independent EIP-1186 checker of {@code devnet/tools/verify-proof.mjs}. */
  public NodeProofChecker proofChecker() {
    return new NodeProofChecker(directory);
  }

  /** The delegation framework's own toolkit, run by {@code devnet/tools/delegation-toolkit.mjs}. */
  public DelegationToolkit delegationToolkit() {
    return new DelegationToolkit(directory);
  }

  /** The {@code siwe} + ethers signer of EIP-4361 messages ({@code tools/siwe-sign.mjs}). */
  public SiweSigner siweSigner() {
    return new SiweSigner(directory);
  }

  /** Purchase claims signed with each family's own library ({@code tools/purchase-proof.mjs}). */
  public PurchaseProofSigner purchaseProofSigner() {
    return new PurchaseProofSigner(directory);
  }

  /** The ethers / {@code @solana/kit} signer of payers' messages ({@code tools/payer-sign.mjs}). */
  public PayerSigner payerSigner() {
    return new PayerSigner(directory);
  }

  /**
   * Makes every chain mine a block every {@code interval} (whole seconds), as a real chain does, on
   * top of the block each transaction gets; {@link Duration#ZERO} goes back to mining on
   * transactions only. Without it the heads never move between transactions, so a read cache keyed
   * by block answers everything after a first request and head-freshness logic is never exercised.
   */
  public void mineEvery(Duration interval) {
    if (interval.isNegative() || interval.toMillis() % 1000 != 0) {
      throw new IllegalArgumentException(
          "anvil mines at whole-second intervals: " + interval + " is not one");
    }
    clients.values().forEach(c -> c.call("evm_setIntervalMining", interval.toSeconds()));
  }

  /**
   * The official x402 client packages, building payments for a quote ({@code tools/x402-pay.mjs}).
   */
  public X402Payer x402Payer() {
    return new X402Payer(directory);
  }

  /**
   * Starts an x402 facilitator of the official packages for chain {@code chainId}, settling from
   * {@code privateKey} (which needs gas there).
   */
  public X402Facilitator x402Facilitator(String privateKey, long chainId) {
    return new X402Facilitator(directory, privateKey, rpcUrl(chainId), chainId, null);
  }

  /**
   * Starts an x402 facilitator of the official packages for chain {@code chainId} and Solana
   * mainnet ({@code @x402/svm}'s exact scheme, with a fee-payer keypair of its own), simulating,
   * sending and confirming Solana transactions on {@code solanaRpcUrl}.
   */
  public X402Facilitator x402Facilitator(String privateKey, long chainId, URI solanaRpcUrl) {
    return new X402Facilitator(directory, privateKey, rpcUrl(chainId), chainId, solanaRpcUrl);
  }

  /** Takes an {@code evm_snapshot} on every chain. */
  public DevnetSnapshot snapshot() {
    Map<Long, String> ids = new LinkedHashMap<>();
    clients.forEach((id, c) -> ids.put(id, c.call("evm_snapshot").asText()));
    return new DevnetSnapshot(ids);
  }

  /** Reverts every chain to {@code snapshot} (usable once, as anvil drops it on revert). */
  public void revert(DevnetSnapshot snapshot) {
    snapshot
        .ids()
        .forEach(
            (id, snapshotId) -> {
              if (!rpc(id).call("evm_revert", snapshotId).asBoolean()) {
                throw new DevnetException(
                    "chain " + id + " has no snapshot " + snapshotId + " (already reverted to?)");
              }
            });
  }

  /** The supervisor and its anvils as operating-system processes (for leak checks). */
  public List<ProcessHandle> processes() {
    return Processes.tree(supervisor.process());
  }

  // Liveness and close in the same shape as TrustChains' by design: each owns its own processes and
  // its own shared instance.
  public synchronized boolean isRunning() {
    return !stopped && supervisor.process().isAlive();
  }

  /** Stops this devnet; on the shared devnet it does nothing (that one stops with the JVM). */
  @Override
  public void close() {
    if (!isShared) {
      stop();
      Processes.removeShutdownHook(shutdownHook);
    }
  }

  /** Stops the supervisor and the anvils the manifest names, and deletes the run directory. */
  private synchronized void stop() {
    if (stopped) {
      return;
    }
    stopped = true;
    supervisor.stop(
        manifest.chains().values().stream()
            .map(c -> ProcessHandle.of(c.anvilPid()))
            .flatMap(java.util.Optional::stream)
            .filter(h -> h.info().command().map(cmd -> cmd.contains("anvil")).orElse(false))
            .toList());
  }
}
