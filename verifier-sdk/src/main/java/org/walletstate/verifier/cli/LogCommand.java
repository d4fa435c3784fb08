package org.walletstate.verifier.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.PublicKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.walletstate.verifier.tlog.SignedCheckpoint;

/**
 * What the log commands ({@code verify monitor} and {@code verify inclusion}) share: their option
 * values, the note key given as a file or as text, one GET of the log and its base64 proof hashes.
 */
final class LogCommand {

  private LogCommand() {}

  /** The value of the option at {@code i - 1}. */
  static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value");
    }
    return args[i];
  }

  /**
   * The note key from {@code --key}: a file holding it, or the text itself (a P-256 key's base64
   * SubjectPublicKeyInfo or an Ed25519 verifier key).
   */
  static PublicKey noteKey(String key) throws IOException {
    return SignedCheckpoint.publicKey(
        isFile(key) ? Files.readString(Path.of(key), StandardCharsets.UTF_8) : key);
  }

  private static boolean isFile(String path) {
    try {
      return Files.isRegularFile(Path.of(path));
    } catch (InvalidPathException e) {
      return false;
    }
  }

  /** A client for the log, connecting within 10 seconds. */
  static HttpClient client() {
    return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  }

  /** {@code GET url} as text, answered within 30 seconds. */
  static HttpResponse<String> get(HttpClient http, URI url)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  /** The log's base64 proof hashes as bytes; throws {@link IllegalArgumentException} on others. */
  static List<byte[]> proof(JsonNode hashes) {
    List<byte[]> proof = new ArrayList<>();
    for (JsonNode hash : hashes) {
      proof.add(Base64.getDecoder().decode(hash.asText()));
    }
    return proof;
  }
}
