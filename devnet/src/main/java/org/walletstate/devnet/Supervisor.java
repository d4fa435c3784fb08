package org.walletstate.devnet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The node supervisor of a {@link Devnet} ({@code devnet/scripts/devnet.mjs}) as an operating
 * system process: launched in a run directory of its own with the chains asked for, awaited until
 * it announces the manifest it wrote, and stopped (its standard input closed, then whatever is left
 * of its process tree killed) with the run directory deleted.
 */
final class Supervisor {

  private static final String READY = "DEVNET_READY ";

  private final Process process;
  private final Path runDir;
  private final Path manifestFile;

  private Supervisor(Process process, Path runDir, Path manifestFile) {
    this.process = process;
    this.runDir = runDir;
    this.manifestFile = manifestFile;
  }

  Process process() {
    return process;
  }

  Path manifestFile() {
    return manifestFile;
  }

  /**
   * Installs the project's dependencies if needed, starts the supervisor and awaits the manifest.
   */
  static Supervisor launch(Path dir, DevnetOptions options) {
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
    return new Supervisor(process, runDir, awaitManifest(process, runDir, log, options));
  }

  /** The manifest file the supervisor announces once its chains are deployed. */
  private static Path awaitManifest(Process process, Path runDir, Path log, DevnetOptions options) {
    CompletableFuture<Path> ready = new CompletableFuture<>();
    Processes.follow(
        process,
        "devnet-supervisor-output",
        line -> {
          if (line.startsWith(READY)) {
            ready.complete(Path.of(line.substring(READY.length()).strip()));
          }
        },
        ready,
        "the supervisor exited");
    try {
      return ready.get(options.startTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      abort(process, runDir);
      throw new DevnetException("interrupted while the devnet started", e);
    } catch (ExecutionException | TimeoutException e) {
      String tail = Processes.tail(log);
      abort(process, runDir);
      throw new DevnetException(
          "the devnet did not start within " + options.startTimeout() + ":\n" + tail, e);
    }
  }

  /**
   * Closes the supervisor's standard input (it then stops its anvils and exits), waits, and kills
   * whatever is left of its process tree and of {@code anvils}, then deletes the run directory.
   */
  void stop(List<ProcessHandle> anvils) {
    Process supervisor = process;
    List<ProcessHandle> tree = new ArrayList<>(supervisor.descendants().toList());
    tree.addAll(anvils);
    try {
      supervisor.getOutputStream().close();
    } catch (IOException e) {
      // already closed: the supervisor sees end of input either way
    }
    boolean exited = Processes.waitFor(supervisor.toHandle(), 15);
    if (!exited) {
      supervisor.destroy();
      if (!Processes.waitFor(supervisor.toHandle(), 5)) {
        supervisor.destroyForcibly();
        Processes.waitFor(supervisor.toHandle(), 5);
      }
    }
    for (ProcessHandle h : tree) {
      if (h.isAlive()) {
        h.destroyForcibly();
        Processes.waitFor(h, 5);
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
    if (!Processes.waitFor(process.toHandle(), 10)) {
      process.destroyForcibly();
    }
    tree.forEach(ProcessHandle::destroyForcibly);
    deleteTree(runDir);
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
          throw new DevnetException(
              String.join(" ", command) + " timed out:\n" + Processes.tail(out));
        }
        if (p.exitValue() != 0) {
          throw new DevnetException(String.join(" ", command) + " failed:\n" + Processes.tail(out));
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
