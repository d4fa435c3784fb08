package org.walletstate.devnet;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The trust profile's light chains next to a running devnet: {@code
 * devnet/scripts/trust-chains.mjs} runs one light anvil per EVM chain id of the check list that the
 * devnet does not run, with Multicall3 and the list's token and NFT contracts at their production
 * addresses and the {@code holder} wallet given every other row of each chain; on the devnet's own
 * chains it places the list's contracts that have no code there yet, the same way.
 *
 * <p>{@link #shared(Devnet, Path)} starts them once per JVM next to the shared devnet; they stop
 * when the JVM exits (the script stops its anvils when its standard input, held by this JVM,
 * closes, so a killed JVM leaves no chain behind either).
 */
public final class TrustChains implements AutoCloseable {
  private static final String READY = "TRUST_CHAINS_READY ";
  private static TrustChains shared;

  private final Process script;
  private final Path log;
  private final Map<Long, URI> rpcUrls;
  private final Map<Long, JsonRpc> clients = new LinkedHashMap<>();
  private final Duration startTime;
  private final long anvilsRssMiB;
  private final Thread shutdownHook;
  private boolean stopped;

  private TrustChains(
      Process script, Path log, Map<Long, URI> rpcUrls, Duration startTime, long anvilsRssMiB) {
    this.script = script;
    this.log = log;
    this.rpcUrls = Collections.unmodifiableMap(rpcUrls);
    this.startTime = startTime;
    this.anvilsRssMiB = anvilsRssMiB;
    rpcUrls.forEach((id, url) -> clients.put(id, new JsonRpc(url)));
    this.shutdownHook = new Thread(this::stop, "trust-chains-shutdown");
  }

  /**
   * The light chains shared by everything in this JVM, started on first use next to {@code devnet}
   * with the check list at {@code checkList} (the domain's TSV), stopped when the JVM exits.
   */
  public static synchronized TrustChains shared(Devnet devnet, Path checkList) {
    if (shared == null || !shared.isRunning()) {
      shared = start(devnet, checkList);
    }
    return shared;
  }

  /** Starts the light chains next to {@code devnet}; close them when done. */
  public static TrustChains start(Devnet devnet, Path checkList) {
    return start(devnet, checkList, false);
  }

  /**
   * Starts the light chains next to {@code devnet}; with {@code allChains} also every other EVM
   * chain id the service serves, and the accepted payment tokens ({@code trust-chains.mjs
   * --all-chains}, as {@code ./run.sh --devnet} runs it). Close them when done.
   */
  public static TrustChains start(Devnet devnet, Path checkList, boolean allChains) {
    String node = System.getProperty("walletstate.devnet.node", "node");
    long started = System.nanoTime();
    Path log;
    try {
      log = Files.createTempFile("walletstate-trust-chains-", ".log");
    } catch (IOException e) {
      throw new DevnetException("cannot create a log file: " + e.getMessage(), e);
    }
    List<String> command =
        new ArrayList<>(
            List.of(
                node,
                "scripts/trust-chains.mjs",
                "--manifest",
                devnet.manifestFile().toString(),
                "--list",
                checkList.toAbsolutePath().toString()));
    if (allChains) {
      command.add("--all-chains");
    }
    Process process;
    try {
      process =
          new ProcessBuilder(command)
              .directory(devnet.directory().toFile())
              .redirectError(ProcessBuilder.Redirect.to(log.toFile()))
              .start();
    } catch (IOException e) {
      throw new DevnetException("cannot start the trust chains: " + e.getMessage(), e);
    }
    Map<Long, URI> urls = new LinkedHashMap<>();
    CompletableFuture<Long> ready = new CompletableFuture<>();
    follow(process, urls, ready);
    long rss;
    try {
      rss = ready.get(180, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      abort(process);
      throw new DevnetException("interrupted while the trust chains started", e);
    } catch (ExecutionException | TimeoutException e) {
      abort(process);
      throw new DevnetException("the trust chains did not start:\n" + Processes.tail(log), e);
    }
    Map<Long, URI> copy;
    synchronized (urls) {
      copy = new LinkedHashMap<>(urls);
    }
    TrustChains chains =
        new TrustChains(process, log, copy, Duration.ofNanos(System.nanoTime() - started), rss);
    Runtime.getRuntime().addShutdownHook(chains.shutdownHook);
    return chains;
  }

  /**
   * Reads the script's output on a thread of its own: a line per light chain ({@code id url}), then
   * the ready line with the anvils' resident memory, which completes {@code ready}.
   */
  private static void follow(Process process, Map<Long, URI> urls, CompletableFuture<Long> ready) {
    Processes.follow(
        process,
        "trust-chains-output",
        line -> {
          if (line.startsWith(READY)) {
            String[] parts = line.substring(READY.length()).strip().split(" ");
            ready.complete(Long.parseLong(parts[1]));
          } else if (!ready.isDone()) {
            String[] parts = line.strip().split(" ");
            synchronized (urls) {
              urls.put(Long.parseLong(parts[0]), URI.create(parts[1]));
            }
          }
        },
        ready,
        "the trust chains script exited");
  }

  /** RPC URL of every light chain, by chain id (the devnet's own chains are not among them). */
  public Map<Long, URI> rpcUrls() {
    return rpcUrls;
  }

  public JsonRpc rpc(long chainId) {
    JsonRpc c = clients.get(chainId);
    if (c == null) {
      throw new DevnetException("no light chain " + chainId);
    }
    return c;
  }

  // Accessors written out by design: each class exposes its own fields.
  /** Wall time from starting the script to its ready line, placements included. */
  public Duration startTime() {
    return startTime;
  }

  /** Resident memory of the light anvils together once ready, as the script measured it. */
  public long anvilsRssMiB() {
    return anvilsRssMiB;
  }

  /** The script and its anvils as operating-system processes (for leak checks). */
  public List<ProcessHandle> processes() {
    return Processes.tree(script);
  }

  public synchronized boolean isRunning() {
    return !stopped && script.isAlive();
  }

  @Override
  public void close() {
    if (this == shared) {
      return;
    }
    stop();
    Processes.removeShutdownHook(shutdownHook);
  }

  // Stops once, as Devnet's stop does, by design: each ends processes of its own kind.
  private synchronized void stop() {
    if (stopped) {
      return;
    }
    stopped = true;
    abort(script);
    try {
      Files.deleteIfExists(log);
    } catch (IOException e) {
      // a leftover log file is harmless
    }
  }

  /** Closes the script's standard input (it stops its anvils), then kills what is left. */
  private static void abort(Process process) {
    List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // the script sees end of input either way
    }
    try {
      if (!process.waitFor(15, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    // the script signals its anvils and exits without waiting for them: give them a moment to
    // stop, then kill what is left, and wait until every one is gone
    for (ProcessHandle h : tree) {
      if (!Processes.waitFor(h, 5)) {
        h.destroyForcibly();
        Processes.waitFor(h, 5);
      }
    }
  }
}
