package org.walletstate.adapters.http.testbed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What must never be in the service's log, checked over captured entries: email addresses, API
 * keys, the signing keys' private parts (read from the test key directory) and SQL (statements,
 * their parameters, a constraint's {@code Key (…)=(…)} detail). Secrets a test knows of (a key it
 * made) are checked by value as well.
 */
public final class LogHygiene {

  private static final Pattern EMAIL =
      Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}");
  private static final Pattern API_KEY = Pattern.compile("svc_live_[0-9a-fA-F]{8,}");
  private static final Pattern SQL =
      Pattern.compile(
          "(?i)\\b(insert\\s+into|update\\s+\\w+\\s+set|select\\s+.{1,200}?\\s+from|delete\\s+from"
              + "|on\\s+conflict)\\b|\\$[1-9][0-9]*\\b|\\bKey \\(.*\\)=\\(|\\bparameters?\\s*[:=]");
  private static final Pattern PRIVATE_JWK_MEMBER = Pattern.compile("\"(d|priv)\"\\s*:");

  /** The signing keys the tests run with; their private members must never be logged. */
  private static final Path TEST_KEYS = Path.of("target", "test-signing-keys");

  private LogHygiene() {}

  /** Every way {@code entries} break the rules, one line each (empty when the log is clean). */
  public static List<String> violations(List<LogCapture.Entry> entries, Set<String> secrets) {
    List<String> privateParts = signingKeyPrivateParts();
    List<String> found = new ArrayList<>();
    for (LogCapture.Entry entry : entries) {
      String text = entry.text();
      if (EMAIL.matcher(text).find()) {
        found.add("an email address: " + entry);
      }
      if (API_KEY.matcher(text).find()) {
        found.add("an API key: " + entry);
      }
      if (SQL.matcher(text).find()) {
        found.add("SQL: " + entry);
      }
      if (PRIVATE_JWK_MEMBER.matcher(text).find()
          || privateParts.stream().anyMatch(text::contains)) {
        found.add("signing key material: " + entry);
      }
      for (String secret : secrets) {
        if (!secret.isEmpty() && text.contains(secret)) {
          found.add("a secret of the test: " + entry);
        }
      }
    }
    return found;
  }

  private static List<String> signingKeyPrivateParts() {
    if (!Files.isDirectory(TEST_KEYS)) {
      return List.of();
    }
    ObjectMapper json = new ObjectMapper();
    List<String> parts = new ArrayList<>();
    try (Stream<Path> files = Files.list(TEST_KEYS)) {
      for (Path file : files.toList()) {
        JsonNode jwk = json.readTree(file.toFile());
        for (String member : List.of("d", "priv")) {
          if (jwk.hasNonNull(member)) {
            parts.add(jwk.get(member).asText());
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return parts;
  }
}
