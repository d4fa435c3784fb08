package org.walletstate.devnet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

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
  private static final String READY = "DEVNET_READY ";
  private static Devnet shared;

  private final Path directory;
  private final Path runDir;
  private final Process supervisor;
  private final DevnetManifest manifest;
  private final Path manifestFile;
  private final Map<Long, JsonRpc> clients = new LinkedHashMap<>();
  private final Thread shutdownHook;
  private boolean isShared;
  private boolean stopped;

  private Devnet(Path directory, Path runDir, Process supervisor, Path manifestFile) {
    this.manifest = DevnetManifest.read(manifestFile);
    this.manifestFile = manifestFile;
    this.directory = directory;
    this.runDir = runDir;
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
    String node = System.getProperty("walletstate.devnet.node", "node");
    runNode(node, dir, List.of("scripts/ensure-deps.mjs"), 600);
    Path runDir;
    try {
      runDir = Files.createTempDirectory("walletstate-devnet-");
    } catch (IOException e) {
      throw new DevnetException("cannot create a run directory: " + e.getMessage(), e);
    }
    Path log = runDir.resolve("supervisor.log");
    List<String> command =
        List.of(
            node,
            "scripts/devnet.mjs",
            "run",
            "--ports",
            "auto",
            "--run-dir",
            runDir.toString(),
            "--exit-with-stdin",
            "--chains",
            options.chainIds().stream().map(String::valueOf).collect(Collectors.joining(",")));
    Process process;
    try {
      process =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectError(ProcessBuilder.Redirect.to(log.toFile()))
              .start();
    } catch (IOException e) {
      deleteTree(runDir);
      throw new DevnetException("cannot start the devnet supervisor: " + e.getMessage(), e);
    }
    CompletableFuture<Path> ready = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                  if (line.startsWith(READY)) {
                    ready.complete(Path.of(line.substring(READY.length()).strip()));
                  }
                }
              } catch (IOException e) {
                ready.completeExceptionally(e);
              }
              ready.completeExceptionally(new DevnetException("the supervisor exited"));
            },
            "devnet-supervisor-output");
    reader.setDaemon(true);
    reader.start();
    Path manifestFile;
    try {
      manifestFile = ready.get(options.startTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      abort(process, runDir);
      throw new DevnetException("interrupted while the devnet started", e);
    } catch (ExecutionException | TimeoutException e) {
      String tail = tail(log);
      abort(process, runDir);
      throw new DevnetException(
          "the devnet did not start within " + options.startTimeout() + ":\n" + tail, e);
    }
    Devnet devnet = new Devnet(dir, runDir, process, manifestFile);
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
    List<ProcessHandle> list = new ArrayList<>();
    list.add(supervisor.toHandle());
    supervisor.descendants().forEach(list::add);
    return list;
  }

  public synchronized boolean isRunning() {
    return !stopped && supervisor.isAlive();
  }

  /** Stops this devnet; on the shared devnet it does nothing (that one stops with the JVM). */
  @Override
  public void close() {
    if (!isShared) {
      stop();
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // the JVM is already shutting down and runs the hook itself
      }
    }
  }

  /**
   * Closes the supervisor's standard input (it then stops its anvils and exits), waits, and kills
   * whatever is left of the process tree, then deletes the run directory.
   */
  private synchronized void stop() {
    if (stopped) {
      return;
    }
    stopped = true;
    List<ProcessHandle> tree = new ArrayList<>(supervisor.descendants().toList());
    manifest.chains().values().stream()
        .map(c -> ProcessHandle.of(c.anvilPid()))
        .flatMap(java.util.Optional::stream)
        .filter(h -> h.info().command().map(cmd -> cmd.contains("anvil")).orElse(false))
        .forEach(tree::add);
    try {
      supervisor.getOutputStream().close();
    } catch (IOException e) {
      // already closed: the supervisor sees end of input either way
    }
    boolean exited = waitFor(supervisor.toHandle(), 15);
    if (!exited) {
      supervisor.destroy();
      if (!waitFor(supervisor.toHandle(), 5)) {
        supervisor.destroyForcibly();
        waitFor(supervisor.toHandle(), 5);
      }
    }
    for (ProcessHandle h : tree) {
      if (h.isAlive()) {
        h.destroyForcibly();
        waitFor(h, 5);
      }
    }
    deleteTree(runDir);
  }

  private static void abort(Process process, Path runDir) {
    List<ProcessHandle> tree = process.descendants().toList();
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // the supervisor sees end of input either way
    }
    if (!waitFor(process.toHandle(), 10)) {
      process.destroyForcibly();
    }
    tree.forEach(ProcessHandle::destroyForcibly);
    deleteTree(runDir);
  }

  private static boolean waitFor(ProcessHandle h, int seconds) {
    try {
      h.onExit().get(seconds, TimeUnit.SECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !h.isAlive();
    } catch (ExecutionException | TimeoutException e) {
      return !h.isAlive();
    }
  }

  private static void runNode(String node, Path dir, List<String> args, int timeoutSeconds) {
    List<String> command = new ArrayList<>();
    command.add(node);
    command.addAll(args);
    try {
      Path out = Files.createTempFile("walletstate-devnet-", ".log");
      try {
        Process p =
            new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new DevnetException(String.join(" ", command) + " timed out:\n" + tail(out));
        }
        if (p.exitValue() != 0) {
          throw new DevnetException(String.join(" ", command) + " failed:\n" + tail(out));
        }
      } finally {
        Files.deleteIfExists(out);
      }
    } catch (IOException e) {
      throw new DevnetException("cannot run " + String.join(" ", command) + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DevnetException("interrupted while running " + String.join(" ", command), e);
    }
  }

  private static String tail(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    } catch (IOException | UncheckedIOException e) {
      // a leftover temp directory is harmless; the processes are what matters
    }
  }
}
