package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

/** The imported conformance corpus (test resources under {@code conformance/}). */
final class Conformance {

  static final Namespace INSUMER = Namespace.of("insumer");

  /** After every expiry in the corpus and after the 2026-09-01 companion cutoff of 15 and 16. */
  static final Clock AFTER_ALL_WINDOWS =
      Clock.fixed(Instant.parse("2026-10-01T00:00:00Z"), ZoneOffset.UTC);

  private static final ObjectMapper JSON = new ObjectMapper();

  private Conformance() {}

  static String text(String resource) {
    try (InputStream in = Conformance.class.getResourceAsStream("/conformance/" + resource)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + resource);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static JsonNode json(String resource) {
    try {
      return JSON.readTree(text(resource));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String write(JsonNode node) {
    try {
      return JSON.writeValueAsString(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static KeySet savedKeySet() {
    return KeySet.parse(text("jwks.json"), "saved jwks.json");
  }

  static JsonNode vectors() {
    return json("state-attestation-test-vectors.json").get("vectors");
  }
}
