package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Checks an {@code eth_getProof} answer with {@code devnet/tools/verify-proof.mjs}, a
 * Merkle-Patricia walk written independently of the service's code. Given a block header it also
 * recomputes the block hash from the header fields, so the proof is tied to the block hash and not
 * only to a state root someone supplied.
 */
public final class NodeProofChecker {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path devnetDirectory;

  public NodeProofChecker(Path devnetDirectory) {
    this.devnetDirectory = devnetDirectory;
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

  private ProofReport run(JsonNode input) {
    return new ProofReport(
        new NodeTool(devnetDirectory, "tools/verify-proof.mjs", "the proof checker")
            .run(input, Set.of(0, 1)));
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
