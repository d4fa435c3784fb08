package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Independent check of the JSON forms against JavaScript itself: thousands of random values
 * (doubles from random bit patterns and edge cases; strings with control characters, lone
 * surrogates, non-BMP characters; nested objects with index-like keys) serialized by node's {@code
 * JSON.stringify} and by this SDK must be byte-equal.
 */
class JavaScriptCrossCheckTest {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Path ORACLE = Path.of("src/test/js/js-json-oracle.mjs");

  @Test
  void numbers_matchNodeOnRandomAndEdgeDoubles() throws Exception {
    SplittableRandom random = new SplittableRandom(20260921L);
    List<Double> values = new ArrayList<>(edgeDoubles());
    for (int i = 0; i < 6000; i++) {
      double d = Double.longBitsToDouble(random.nextLong());
      if (Double.isFinite(d)) {
        values.add(d);
      }
    }
    for (int i = 0; i < 2000; i++) {
      // short decimals and integers around the notation switches (1e-7, 1e21) and 2^53
      values.add(random.nextInt(100000) * Math.pow(10, random.nextInt(-30, 30)));
      values.add((double) (random.nextLong(1L << 54)));
    }
    ArrayNode described = NODES.arrayNode();
    List<JsonNode> ours = new ArrayList<>();
    for (double d : values) {
      described.add(describeNumber(d));
      ours.add(NODES.numberNode(d));
    }
    JsonNode oracle = runOracle(described);
    for (int i = 0; i < values.size(); i++) {
      assertThat(CanonicalJson.stringify(ours.get(i)))
          .as("bits %016x", Double.doubleToRawLongBits(values.get(i)))
          .isEqualTo(oracle.get(i).get("stringify").textValue());
    }
  }

  @Test
  void strings_matchNodeIncludingLoneSurrogatesAndControls() throws Exception {
    SplittableRandom random = new SplittableRandom(7L);
    ArrayNode described = NODES.arrayNode();
    List<JsonNode> ours = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      String s = randomString(random, 12);
      described.add(describeString(s));
      ours.add(NODES.textNode(s));
    }
    JsonNode oracle = runOracle(described);
    for (int i = 0; i < ours.size(); i++) {
      assertThat(CanonicalJson.stringify(ours.get(i)))
          .isEqualTo(oracle.get(i).get("stringify").textValue());
    }
  }

  @Test
  void nestedValues_matchNodeInAllThreeForms() throws Exception {
    SplittableRandom random = new SplittableRandom(42L);
    ArrayNode described = NODES.arrayNode();
    List<JsonNode> ours = new ArrayList<>();
    for (int i = 0; i < 1500; i++) {
      Pair pair = randomObject(random, 0);
      described.add(pair.described());
      ours.add(pair.value());
    }
    JsonNode oracle = runOracle(described);
    for (int i = 0; i < ours.size(); i++) {
      JsonNode expected = oracle.get(i);
      assertThat(CanonicalJson.stringify(ours.get(i)))
          .isEqualTo(expected.get("stringify").textValue());
      assertThat(CanonicalJson.canonical(ours.get(i)))
          .isEqualTo(expected.get("canonical").textValue());
      assertThat(CanonicalJson.stringifySortedTopLevel(ours.get(i)))
          .isEqualTo(expected.get("sortedTopLevel").textValue());
    }
  }

  private record Pair(JsonNode described, JsonNode value) {}

  private static Pair randomValue(SplittableRandom random, int depth) {
    int kind = random.nextInt(depth > 3 ? 5 : 7);
    return switch (kind) {
      case 0 -> {
        String s = randomString(random, 6);
        yield new Pair(describeString(s), NODES.textNode(s));
      }
      case 1 -> {
        double d =
            random.nextBoolean() ? random.nextDouble(-1e6, 1e6) : random.nextInt(-1000, 1000);
        yield new Pair(describeNumber(d), NODES.numberNode(d));
      }
      case 2 -> {
        boolean b = random.nextBoolean();
        yield new Pair(NODES.objectNode().put("t", "b").put("v", b), NODES.booleanNode(b));
      }
      case 3 -> new Pair(NODES.objectNode().put("t", "z"), NODES.nullNode());
      case 4 -> {
        double d = Double.longBitsToDouble(random.nextLong());
        d = Double.isFinite(d) ? d : 0.5;
        yield new Pair(describeNumber(d), NODES.numberNode(d));
      }
      case 5 -> {
        ArrayNode describedItems = NODES.arrayNode();
        ArrayNode items = NODES.arrayNode();
        for (int i = random.nextInt(4); i > 0; i--) {
          Pair item = randomValue(random, depth + 1);
          describedItems.add(item.described());
          items.add(item.value());
        }
        ObjectNode d = NODES.objectNode().put("t", "a");
        d.set("e", describedItems);
        yield new Pair(d, items);
      }
      default -> randomObject(random, depth + 1);
    };
  }

  private static Pair randomObject(SplittableRandom random, int depth) {
    ArrayNode members = NODES.arrayNode();
    ObjectNode object = NODES.objectNode();
    for (int i = random.nextInt(1, 6); i > 0; i--) {
      String key = randomKey(random);
      if (object.has(key)) {
        continue;
      }
      Pair value = randomValue(random, depth);
      ArrayNode member = NODES.arrayNode();
      member.add(units(key));
      member.add(value.described());
      members.add(member);
      object.set(key, value.value());
    }
    ObjectNode d = NODES.objectNode().put("t", "o");
    d.set("m", members);
    return new Pair(d, object);
  }

  private static String randomKey(SplittableRandom random) {
    return switch (random.nextInt(5)) {
      case 0 -> Integer.toString(random.nextInt(20)); // array-index keys come first in JS order
      case 1 -> "0" + random.nextInt(10); // not an index: keeps insertion order
      case 2 -> "4294967295"; // 2^32 - 1 is not an array index
      default -> randomString(random, 4);
    };
  }

  private static String randomString(SplittableRandom random, int maxLength) {
    StringBuilder s = new StringBuilder();
    for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
      switch (random.nextInt(8)) {
        case 0 -> s.append((char) random.nextInt(0x20)); // control characters
        case 1 -> s.append((char) random.nextInt(0xD800, 0xE000)); // lone surrogates
        case 2 -> s.appendCodePoint(random.nextInt(0x10000, 0x110000)); // non-BMP pairs
        case 3 -> s.append("\"\\/\u2028\u2029\u007f".charAt(random.nextInt(6)));
        case 4 -> s.append((char) random.nextInt(0x80, 0xD800));
        default -> s.append((char) random.nextInt(0x20, 0x7f));
      }
    }
    return s.toString();
  }

  private static List<Double> edgeDoubles() {
    return List.of(
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        0.2,
        0.3,
        1e21,
        1e-7,
        1.5e-7,
        1e-6,
        123456789012345680000.0,
        9007199254740992.0,
        9007199254740993.0,
        9007199254740994.0,
        5e-324,
        Double.MIN_NORMAL,
        Double.MAX_VALUE,
        2e-323,
        1.7976931348623157e308,
        100.0,
        1e20,
        1.2345e-5,
        5e-7,
        0.000001,
        0.0000001,
        4.35,
        0.1 + 0.2,
        2.0e-3,
        1.0e23,
        9.5e22,
        2.2250738585072014e-308,
        Math.PI,
        Math.E,
        1.0 / 3,
        2.0 / 3,
        4.9e-324,
        1e-323,
        8.41e21,
        5.0e-310);
  }

  private static ObjectNode describeNumber(double d) {
    return NODES
        .objectNode()
        .put("t", "n")
        .put("b", String.format("%016x", Double.doubleToRawLongBits(d)));
  }

  private static ObjectNode describeString(String s) {
    ObjectNode d = NODES.objectNode().put("t", "s");
    d.set("u", units(s));
    return d;
  }

  private static ArrayNode units(String s) {
    ArrayNode units = NODES.arrayNode();
    for (int i = 0; i < s.length(); i++) {
      units.add((int) s.charAt(i));
    }
    return units;
  }

  private static JsonNode runOracle(JsonNode described) throws IOException, InterruptedException {
    Path input = Files.createTempFile("js-oracle", ".json");
    try {
      Files.writeString(input, MAPPER.writeValueAsString(described), StandardCharsets.UTF_8);
      Process node =
          new ProcessBuilder("node", ORACLE.toString())
              .redirectInput(input.toFile())
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      node.getOutputStream().close();
      byte[] out = node.getInputStream().readAllBytes();
      assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(node.exitValue()).isZero();
      return MAPPER.readTree(new String(out, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(input);
    }
  }
}
