package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Checks an {@code eth_getProof} answer with {@code devnet/tools/verify-proof.mjs}, a
 * Merkle-Patricia walk written independently of the service's code. Given a block header it also
 * recomputes the block hash from the header fields, so the proof is tied to the block hash and not
 * only to a state root someone supplied.
 */
public final class NodeProofChecker {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path devnetDirectory;
  private final String node;

  public NodeProofChecker(Path devnetDirectory) {
    this.devnetDirectory = devnetDirectory;
    this.node = System.getProperty("walletstate.devnet.node", "node");
  }

  /** Checks {@code proof} against {@code header.stateRoot} and {@code header.hash}. */
  public ProofReport check(JsonNode proof, JsonNode header) {
    ObjectNode input = JSON.createObjectNode();
    input.set("proof", proof);
    input.set("header", header);
    return run(input);
  }

  /** Checks {@code proof} against a bare state root. */
  public ProofReport check(JsonNode proof, String stateRoot) {
    ObjectNode input = JSON.createObjectNode();
    input.set("proof", proof);
    input.put("stateRoot", stateRoot);
    return run(input);
  }

  /** Generous: node starts slowly on a loaded two-core machine. */
  private static final int TIMEOUT_SECONDS = 180;

  private ProofReport run(JsonNode input) {
    Process p;
    try {
      p =
          new ProcessBuilder(node, "tools/verify-proof.mjs")
              .directory(devnetDirectory.toFile())
              .start();
    } catch (IOException e) {
      throw new DevnetException("cannot run the proof checker: " + e.getMessage(), e);
    }
    CompletableFuture<String> out = drain(p.getInputStream());
    CompletableFuture<String> err = drain(p.getErrorStream());
    try (OutputStream in = p.getOutputStream()) {
      in.write(JSON.writeValueAsBytes(input));
    } catch (IOException e) {
      p.destroyForcibly();
      throw new DevnetException("cannot feed the proof checker: " + e.getMessage(), e);
    }
    try {
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new DevnetException(
            "the proof checker did not finish within " + TIMEOUT_SECONDS + " s");
      }
      int exit = p.exitValue();
      if (exit != 0 && exit != 1) {
        throw new DevnetException("the proof checker refused its input: " + err.get().strip());
      }
      return new ProofReport(JSON.readTree(out.get()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new DevnetException("interrupted while checking a proof", e);
    } catch (IOException | java.util.concurrent.ExecutionException e) {
      throw new DevnetException("unreadable proof checker output: " + e.getMessage(), e);
    }
  }

  /**
   * Reads a stream to its end on a thread of its own: the common pool may have a single thread on a
   * small machine, and the checker must never wait for a pool that is busy elsewhere.
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
            "proof-checker-output");
    reader.setDaemon(true);
    reader.start();
    return text;
  }

  /** The checker's report: {@code ok} is the verdict, each check says what was proven. */
  public record ProofReport(JsonNode json) {

    public boolean ok() {
      return json.path("ok").asBoolean(false);
    }

    /** The checks with a given name: blockHash, account or storage. */
    public List<JsonNode> checks(String name) {
      List<JsonNode> list = new ArrayList<>();
      for (JsonNode c : json.path("checks")) {
        if (name.equals(c.path("name").asText())) {
          list.add(c);
        }
      }
      return list;
    }

    /** True when a header was given and its recomputed hash equals the block hash. */
    public boolean blockHashRecomputed() {
      List<JsonNode> c = checks("blockHash");
      return !c.isEmpty() && c.get(0).path("ok").asBoolean(false);
    }
  }
}
