package org.walletstate.verifier.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.Base64;
import java.util.List;
import org.walletstate.verifier.tlog.LogProofs;
import org.walletstate.verifier.tlog.SignedCheckpoint;

/**
 * {@code verify monitor}: follows a transparency log. Each round fetches the newest checkpoint,
 * checks its signature with the note key, and checks that it extends the last checkpoint accepted
 * (the consistency proof from the log); an accepted checkpoint is kept in the state file, if one is
 * given, so a monitor run from cron keeps following the same history. A checkpoint that does not
 * extend the last one is a fork: reported, and the command exits with {@value #FORK}.
 */
final class LogMonitor {

  static final int OK = 0;
  static final int UNAVAILABLE = 1;
  static final int USAGE = 2;
  static final int FORK = 3;
  static final int BAD_SIGNATURE = 4;

  static final String USAGE_TEXT =
      "usage: verify monitor --log <base-url> --key <note-key-file|base64|vkey> [--state FILE]"
          + " [--every SECONDS] [--once]";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI log;
  private final PublicKey key;
  private final Path state;
  private final PrintStream out;
  private final HttpClient http = LogCommand.client();
  private SignedCheckpoint last;

  private LogMonitor(URI log, PublicKey key, Path state, PrintStream out) {
    this.log = log;
    this.key = key;
    this.state = state;
    this.out = out;
  }

  /** Runs the command; returns the exit code. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    String log = null;
    String key = null;
    Path state = null;
    long every = 60;
    boolean once = false;
    LogMonitor monitor;
    try {
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--log" -> log = LogCommand.value(args, ++i);
          case "--key" -> key = LogCommand.value(args, ++i);
          case "--state" -> state = Path.of(LogCommand.value(args, ++i));
          case "--every" -> every = Long.parseLong(LogCommand.value(args, ++i));
          case "--once" -> once = true;
          default -> throw new IllegalArgumentException("unknown option " + args[i]);
        }
      }
      if (log == null || key == null || every < 1) {
        throw new IllegalArgumentException("--log and --key are required, --every is at least 1");
      }
      monitor =
          new LogMonitor(
              URI.create(log.replaceAll("/+$", "")), LogCommand.noteKey(key), state, out);
      monitor.load();
    } catch (IllegalArgumentException | IOException e) {
      err.println("error: " + e.getMessage());
      err.println(USAGE_TEXT);
      return USAGE;
    }
    while (true) {
      int code = monitor.round();
      if (once || code == FORK || code == BAD_SIGNATURE) {
        return code;
      }
      try {
        Thread.sleep(every * 1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return code;
      }
    }
  }

  private void load() throws IOException {
    if (state != null && Files.isRegularFile(state)) {
      last = SignedCheckpoint.parse(Files.readString(state, StandardCharsets.UTF_8));
      if (!last.signedBy(key)) {
        throw new IllegalArgumentException("the state file's checkpoint is not signed by the key");
      }
    }
  }

  /** One round: fetch, check, accept or report. */
  int round() {
    String note;
    SignedCheckpoint next;
    try {
      note = get("/v1/log/checkpoint");
      next = SignedCheckpoint.parse(note);
    } catch (IOException | IllegalArgumentException e) {
      out.println("UNAVAILABLE the checkpoint could not be read: " + e.getMessage());
      return UNAVAILABLE;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return UNAVAILABLE;
    }
    if (!next.signedBy(key)) {
      out.println("BAD-SIGNATURE checkpoint of size " + next.size() + " is not signed by the key");
      return BAD_SIGNATURE;
    }
    if (last != null) {
      String fork = fork(next);
      if (fork != null) {
        out.println("FORK " + fork);
        out.println("  accepted: " + describe(last));
        out.println("  served:   " + describe(next));
        return FORK;
      }
    }
    boolean grew = last == null || next.size() > last.size();
    last = next;
    if (state != null) {
      try {
        Files.writeString(state, note, StandardCharsets.UTF_8);
      } catch (IOException e) {
        out.println("UNAVAILABLE the state file could not be written: " + e.getMessage());
        return UNAVAILABLE;
      }
    }
    out.println((grew ? "OK " : "SAME ") + describe(next));
    return OK;
  }

  /** Why {@code next} does not extend the last accepted checkpoint, or null when it does. */
  private String fork(SignedCheckpoint next) {
    if (next.size() < last.size()) {
      return "the log shrank from " + last.size() + " to " + next.size() + " entries";
    }
    if (next.size() == last.size()) {
      return java.util.Arrays.equals(next.root(), last.root())
          ? null
          : "two different roots for tree size " + next.size();
    }
    if (last.size() == 0) {
      return null;
    }
    List<byte[]> proof;
    try {
      JsonNode answer =
          JSON.readTree(get("/v1/log/consistency?from=" + last.size() + "&to=" + next.size()));
      proof = LogCommand.proof(answer.path("data").path("proof"));
    } catch (IOException | IllegalArgumentException e) {
      return "no consistency proof from "
          + last.size()
          + " to "
          + next.size()
          + ": "
          + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while fetching the consistency proof";
    }
    return LogProofs.consistency(last.size(), next.size(), last.root(), next.root(), proof)
        ? null
        : "tree size " + next.size() + " does not extend the accepted tree of " + last.size();
  }

  private String get(String path) throws IOException, InterruptedException {
    HttpResponse<String> response = LogCommand.get(http, URI.create(log + path));
    if (response.statusCode() != 200) {
      throw new IOException(path + " answered " + response.statusCode());
    }
    return response.body();
  }

  private static String describe(SignedCheckpoint checkpoint) {
    return "size "
        + checkpoint.size()
        + " root "
        + Base64.getEncoder().encodeToString(checkpoint.root());
  }
}
