package org.walletstate.devnet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * What the devnet's Java side needs of the node scripts it starts: their output read line by line
 * on a thread of their own until a ready line, a bounded wait for a process to exit, the removal of
 * a shutdown hook once stopped by hand, and the tail of a log for a failure message.
 */
final class Processes {

  private Processes() {}

  /**
   * Reads {@code process}'s standard output on daemon thread {@code name}, each line to {@code
   * lines}; {@code ready} fails when reading fails or the output ends before {@code lines}
   * completed it ({@code exited} then names the process).
   */
  static void follow(
      Process process,
      String name,
      Consumer<String> lines,
      CompletableFuture<?> ready,
      String exited) {
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                  lines.accept(line);
                }
              } catch (IOException | RuntimeException e) {
                ready.completeExceptionally(e);
              }
              ready.completeExceptionally(new DevnetException(exited));
            },
            name);
    reader.setDaemon(true);
    reader.start();
  }

  /** Whether {@code h} exited within {@code seconds}. */
  static boolean waitFor(ProcessHandle h, int seconds) {
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

  /** Removes {@code hook} after a stop by hand; a JVM already shutting down runs it itself. */
  /** {@code root} and every process below it, as handles (for leak checks). */
  static List<ProcessHandle> tree(Process root) {
    List<ProcessHandle> list = new ArrayList<>();
    list.add(root.toHandle());
    root.descendants().forEach(list::add);
    return list;
  }

  static void removeShutdownHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down and runs the hook itself
    }
  }

  /** The last 40 lines of {@code file}. */
  static String tail(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }
}
