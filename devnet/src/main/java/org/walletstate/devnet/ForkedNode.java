package org.walletstate.devnet;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A second node holding the same chain as a devnet node: an anvil forked from it at its current
 * block ({@code anvil --fork-url … --fork-block-number …}), without mining. At the fork block it
 * holds the same block (same hash) and the same state, read through from the devnet node; what is
 * mined or set on either afterwards differs. For tests of reads that compare providers.
 */
public final class ForkedNode implements AutoCloseable {

  private static final Duration START_WITHIN = Duration.ofSeconds(20);
  private static final String ANVIL = "node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil";

  // Fields and constructor in the same shape as Supervisor's by design: each wraps one process of
  // its own.
  private final Process process;
  private final URI url;
  private final long forkBlock;

  private ForkedNode(Process process, URI url, long forkBlock) {
    this.process = process;
    this.url = url;
    this.forkBlock = forkBlock;
  }

  /** Forks {@code chainId} of {@code devnet} at its current block. */
  public static ForkedNode of(Devnet devnet, long chainId) {
    URI origin = devnet.rpcUrl(chainId);
    long block = devnet.rpc(chainId).blockNumber();
    Path anvil = Devnet.locateDirectory().resolve(ANVIL);
    if (!Files.isExecutable(anvil)) {
      throw new DevnetException(anvil + " is missing: run npm ci in the devnet project");
    }
    int port = freePort();
    try {
      Process process =
          new ProcessBuilder(
                  List.of(
                      anvil.toString(),
                      "--host",
                      "127.0.0.1",
                      "--port",
                      String.valueOf(port),
                      "--fork-url",
                      origin.toString(),
                      "--fork-block-number",
                      String.valueOf(block),
                      "--no-mining",
                      "--silent"))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      ForkedNode node = new ForkedNode(process, URI.create("http://127.0.0.1:" + port), block);
      node.awaitStarted();
      return node;
    } catch (IOException e) {
      throw new DevnetException("cannot start a forked anvil: " + e.getMessage(), e);
    }
  }

  /** The node's JSON-RPC URL. */
  public URI url() {
    return url;
  }

  /** The block it was forked at: its head until something is mined on it. */
  public long forkBlock() {
    return forkBlock;
  }

  public JsonRpc rpc() {
    return new JsonRpc(url);
  }

  private void awaitStarted() {
    Instant until = Instant.now().plus(START_WITHIN);
    while (Instant.now().isBefore(until)) {
      if (!process.isAlive()) {
        throw new DevnetException("the forked anvil exited with " + process.exitValue());
      }
      try {
        rpc().blockNumber();
        return;
      } catch (RuntimeException notYet) {
        sleep();
      }
    }
    close();
    throw new DevnetException("the forked anvil did not answer within " + START_WITHIN);
  }

  private static void sleep() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DevnetException("interrupted while starting a forked anvil", e);
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new DevnetException("no free port: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(3, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
