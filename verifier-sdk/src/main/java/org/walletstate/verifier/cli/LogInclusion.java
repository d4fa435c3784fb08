package org.walletstate.verifier.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.util.Base64;
import java.util.List;
import org.walletstate.verifier.tlog.LogProofs;
import org.walletstate.verifier.tlog.SignedCheckpoint;

/**
 * {@code verify inclusion}: checks one statement's entry in a transparency log. Fetches {@code GET
 * /v1/log/entries/{id}}, checks the checkpoint it is proved against with the note key (P-256 or
 * Ed25519), that the leaf is the entry's {@code <kind> <kid> <statement hash>} (and the id's hash
 * when the id is one), that the index is the one the answer carried ({@code --index}), and the
 * inclusion proof of the leaf against the checkpoint's root and size.
 */
final class LogInclusion {

  // Same table shape as LogMonitor's by design: each command names its own exit codes (0 and 3
  // mean different things) as its usage and the JS CLI document them.
  static final int INCLUDED = 0;
  static final int UNAVAILABLE = 1;
  static final int USAGE = 2;
  static final int NOT_INCLUDED = 3;
  static final int BAD_SIGNATURE = 4;

  static final String USAGE_TEXT =
      "usage: verify inclusion --log <base-url> --key <note-key-file|base64|vkey> --id <statement"
          + " id|hash> [--index N]";

  private static final ObjectMapper JSON = new ObjectMapper();

  private LogInclusion() {}

  /** Runs the command; returns the exit code. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    String log = null;
    String key = null;
    String id = null;
    Long index = null;
    PublicKey noteKey;
    try {
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--log" -> log = LogCommand.value(args, ++i);
          case "--key" -> key = LogCommand.value(args, ++i);
          case "--id" -> id = LogCommand.value(args, ++i);
          case "--index" -> index = Long.parseLong(LogCommand.value(args, ++i));
          default -> throw new IllegalArgumentException("unknown option " + args[i]);
        }
      }
      if (log == null || key == null || id == null || !id.matches("[A-Za-z0-9_-]{1,128}")) {
        throw new IllegalArgumentException(
            "--log, --key and --id (1 to 128 of A-Z a-z 0-9 _ -) are required");
      }
      noteKey = LogCommand.noteKey(key);
    } catch (IllegalArgumentException | IOException e) {
      err.println("error: " + e.getMessage());
      err.println(USAGE_TEXT);
      return USAGE;
    }
    HttpResponse<String> answer;
    try {
      answer =
          LogCommand.get(
              LogCommand.client(), URI.create(log.replaceAll("/+$", "") + "/v1/log/entries/" + id));
    } catch (IOException | IllegalArgumentException e) {
      out.println("UNAVAILABLE the entry could not be read: " + e.getMessage());
      return UNAVAILABLE;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return UNAVAILABLE;
    }
    if (answer.statusCode() == 404) {
      out.println("NOT-INCLUDED the log has no entry for " + id);
      return NOT_INCLUDED;
    }
    if (answer.statusCode() != 200) {
      out.println("UNAVAILABLE the entry answered " + answer.statusCode());
      return UNAVAILABLE;
    }
    return check(answer.body(), id, index, noteKey, out);
  }

  private static int check(String body, String id, Long expected, PublicKey key, PrintStream out) {
    JsonNode entry;
    SignedCheckpoint checkpoint;
    List<byte[]> proof;
    try {
      entry = JSON.readTree(body).path("data");
      if (!entry.path("integrated").asBoolean()) {
        out.println(
            "PENDING "
                + id
                + " is at index "
                + entry.path("index").asText("?")
                + " and not yet under a checkpoint; retry in a few seconds");
        return UNAVAILABLE;
      }
      checkpoint = SignedCheckpoint.parse(entry.path("checkpoint").asText());
      proof = LogCommand.proof(entry.path("inclusionProof"));
    } catch (IOException | IllegalArgumentException e) {
      out.println("UNAVAILABLE the entry is not a log entry: " + e.getMessage());
      return UNAVAILABLE;
    }
    if (!checkpoint.signedBy(key)) {
      out.println(
          "BAD-SIGNATURE checkpoint of size " + checkpoint.size() + " is not signed by the key");
      return BAD_SIGNATURE;
    }
    String wrong = mismatch(entry, id, expected, checkpoint);
    long index = entry.path("index").asLong();
    byte[] leaf = entry.path("leaf").asText().getBytes(StandardCharsets.UTF_8);
    if (wrong == null
        && !LogProofs.inclusion(
            index, checkpoint.size(), LogProofs.leafHash(leaf), proof, checkpoint.root())) {
      wrong = "the inclusion proof does not verify against the checkpoint's root";
    }
    if (wrong != null) {
      out.println("NOT-INCLUDED " + id + ": " + wrong);
      return NOT_INCLUDED;
    }
    out.println(
        "INCLUDED "
            + id
            + " index "
            + index
            + " tree size "
            + checkpoint.size()
            + " root "
            + Base64.getEncoder().encodeToString(checkpoint.root()));
    return INCLUDED;
  }

  /** What in the entry does not match what was asked or its checkpoint, or null. */
  private static String mismatch(
      JsonNode entry, String id, Long expected, SignedCheckpoint checkpoint) {
    String hash = entry.path("statementHash").asText();
    String leaf = entry.path("kind").asText() + " " + entry.path("kid").asText() + " " + hash;
    if (!entry.path("leaf").asText().equals(leaf)) {
      return "the leaf is not the entry's kind, kid and statement hash";
    }
    if (id.matches("[0-9a-f]{64}") && !id.equals(hash)) {
      return "the log answered the entry of another statement hash";
    }
    if (expected != null && entry.path("index").asLong(-1) != expected) {
      return "the log has it at index " + entry.path("index").asText() + ", not " + expected;
    }
    if (entry.path("treeSize").asLong(-1) != checkpoint.size()) {
      return "the proof's tree size is not its checkpoint's";
    }
    return null;
  }
}
