package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** Runs one of the devnet's node tools with a JSON input on standard input and JSON output. */
final class NodeTool {
  // Fields in the same shape as X402Facilitator's by design: each drives one node script of its
  // own.
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Generous: node starts slowly on a loaded two-core machine. */
  private static final int TIMEOUT_SECONDS = 180;

  private final Path devnetDirectory;
  private final String node;
  private final String script;
  private final String what;

  /**
   * @param script the tool's path inside the devnet directory
   * @param what the tool's name in messages ("the proof checker")
   */
  NodeTool(Path devnetDirectory, String script, String what) {
    this.devnetDirectory = devnetDirectory;
    this.node = System.getProperty("walletstate.devnet.node", "node");
    this.script = script;
    this.what = what;
  }

  /**
   * The tool's JSON output for {@code input}.
   *
   * @param answeringExits exit codes after which the output is a JSON answer
   */
  JsonNode run(JsonNode input, Set<Integer> answeringExits) {
    Process p;
    try {
      p = new ProcessBuilder(node, script).directory(devnetDirectory.toFile()).start();
    } catch (IOException e) {
      throw new DevnetException("cannot run " + what + ": " + e.getMessage(), e);
    }
    CompletableFuture<String> out = drain(p.getInputStream());
    CompletableFuture<String> err = drain(p.getErrorStream());
    try (OutputStream in = p.getOutputStream()) {
      in.write(JSON.writeValueAsBytes(input));
    } catch (IOException e) {
      p.destroyForcibly();
      throw new DevnetException("cannot feed " + what + ": " + e.getMessage(), e);
    }
    try {
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new DevnetException(what + " did not finish within " + TIMEOUT_SECONDS + " s");
      }
      if (!answeringExits.contains(p.exitValue())) {
        throw new DevnetException(what + " refused its input: " + err.get().strip());
      }
      return JSON.readTree(out.get());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new DevnetException("interrupted while running " + what, e);
    } catch (IOException | ExecutionException e) {
      throw new DevnetException("unreadable output of " + what + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads a stream to its end on a thread of its own: the common pool may have a single thread on a
   * small machine, and the tool must never wait for a pool that is busy elsewhere.
   */
  private static CompletableFuture<String> drain(InputStream s) {
    CompletableFuture<String> text = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (s) {
                text.complete(new String(s.readAllBytes(), StandardCharsets.UTF_8));
              } catch (IOException e) {
                text.complete("");
              }
            },
            "node-tool-output");
    reader.setDaemon(true);
    reader.start();
    return text;
  }
}
