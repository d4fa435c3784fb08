package org.walletstate.verifier.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one JSON parser of the SDK. Member order is kept as written (the v1 preimages depend on it),
 * numbers are kept exact until {@link JsJson} turns them into doubles the way JavaScript does, and
 * anything two parsers could read differently is refused: duplicate member names, trailing content,
 * non-standard literals.
 */
public final class StrictJson {

  /** Parse-time nesting bound; the walkers refuse at 128 with their own, clearer verdict. */
  private static final int MAX_PARSE_DEPTH = 1_000;

  private static final JsonMapper MAPPER =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  static {
    MAPPER
        .getFactory()
        .setStreamReadConstraints(
            StreamReadConstraints.builder().maxNestingDepth(MAX_PARSE_DEPTH).build());
  }

  private StrictJson() {}

  /** Parses one JSON text, or throws {@link MalformedJson} saying why not. */
  public static JsonNode parse(String text) {
    try {
      JsonNode node = MAPPER.readTree(text);
      if (node == null || node.isMissingNode()) {
        throw new MalformedJson("empty document");
      }
      return node;
    } catch (JsonProcessingException e) {
      throw new MalformedJson(e.getOriginalMessage());
    }
  }

  /** Parses UTF-8 bytes as one JSON text. */
  public static JsonNode parse(byte[] utf8) {
    try {
      JsonNode node = MAPPER.readTree(utf8);
      if (node == null || node.isMissingNode()) {
        throw new MalformedJson("empty document");
      }
      return node;
    } catch (java.io.IOException e) {
      throw new MalformedJson(e.getMessage());
    }
  }

  /** Input that is not one well-formed, unambiguous JSON text. */
  public static final class MalformedJson extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MalformedJson(String message) {
      super("malformed JSON: " + message);
    }
  }
}
