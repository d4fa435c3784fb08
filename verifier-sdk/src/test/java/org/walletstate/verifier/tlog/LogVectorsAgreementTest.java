package org.walletstate.verifier.tlog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The transparency-log vectors ({@code tlog/log-vectors.json}, written by {@link LogVectors} with
 * {@code -Dtlog.vectors.write=true}) through both SDKs: this SDK's {@link LogProofs} and {@link
 * SignedCheckpoint} must give every expected verdict, and the TypeScript package's ({@code
 * js/tools/tlog-verdicts.mjs}) must give the same verdict as this one on every vector.
 */
class LogVectorsAgreementTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HexFormat HEX = HexFormat.of();
  private static final Path VECTORS = Path.of("src/test/resources/tlog/log-vectors.json");
  private static final Path WORK = Path.of("target/js-tlog-agreement");
  private static final List<String> KINDS =
      List.of("statements", "inclusion", "consistency", "checkpoints", "forks");

  @Test
  @EnabledIfSystemProperty(named = "tlog.vectors.write", matches = "true")
  void writeTheVectors() throws Exception {
    LogVectors.write(VECTORS);
  }

  private static List<byte[]> hashes(JsonNode hex) {
    List<byte[]> out = new ArrayList<>();
    hex.forEach(h -> out.add(HEX.parseHex(h.asText())));
    return out;
  }

  static JsonNode checkpoint(String note, PublicKey key) {
    SignedCheckpoint checkpoint;
    try {
      checkpoint = SignedCheckpoint.parse(note);
    } catch (IllegalArgumentException e) {
      return JSON.createObjectNode().put("error", e.getMessage());
    }
    ObjectNode out = JSON.createObjectNode().put("origin", checkpoint.origin());
    out.put("size", Long.toString(checkpoint.size()));
    out.put("root", Base64.getEncoder().encodeToString(checkpoint.root()));
    ArrayNode extensions = out.putArray("extensions");
    checkpoint.extensions().forEach(extensions::add);
    return out.put("signedBy", checkpoint.signedBy(key));
  }

  /** This SDK's verdicts, in the shape of {@code tlog-verdicts.mjs}. */
  private static ObjectNode javaVerdicts(JsonNode vectors) {
    ObjectNode out = JSON.createObjectNode();
    ArrayNode statements = out.putArray("statements");
    for (JsonNode s : vectors.get("statements")) {
      byte[] signed = Base64.getDecoder().decode(s.get("signedBytes").asText());
      statements.add(
          HEX.formatHex(
              LogProofs.statementLeafHash(s.get("kind").asText(), s.get("kid").asText(), signed)));
    }
    ArrayNode inclusion = out.putArray("inclusion");
    for (JsonNode v : vectors.get("inclusion")) {
      inclusion.add(
          LogProofs.inclusion(
              v.get("index").asLong(),
              v.get("size").asLong(),
              HEX.parseHex(v.get("leaf").asText()),
              hashes(v.get("proof")),
              HEX.parseHex(v.get("root").asText())));
    }
    ArrayNode consistency = out.putArray("consistency");
    for (JsonNode v : vectors.get("consistency")) {
      consistency.add(
          LogProofs.consistency(
              v.get("first").asLong(),
              v.get("second").asLong(),
              HEX.parseHex(v.get("firstRoot").asText()),
              HEX.parseHex(v.get("secondRoot").asText()),
              hashes(v.get("proof"))));
    }
    JsonNode keys = vectors.get("keys");
    ArrayNode checkpoints = out.putArray("checkpoints");
    for (JsonNode v : vectors.get("checkpoints")) {
      PublicKey key =
          SignedCheckpoint.publicKey(keys.get(v.get("key").asText()).get("publicKey").asText());
      checkpoints.add(checkpoint(v.get("note").asText(), key));
    }
    ArrayNode forks = out.putArray("forks");
    for (JsonNode v : vectors.get("forks")) {
      PublicKey key =
          SignedCheckpoint.publicKey(keys.get(v.get("key").asText()).get("publicKey").asText());
      SignedCheckpoint older = SignedCheckpoint.parse(v.get("older").asText());
      SignedCheckpoint newer = SignedCheckpoint.parse(v.get("newer").asText());
      forks
          .addObject()
          .put("olderSigned", older.signedBy(key))
          .put("newerSigned", newer.signedBy(key))
          .put(
              "consistent",
              LogProofs.consistency(
                  older.size(), newer.size(), older.root(), newer.root(), hashes(v.get("proof"))));
    }
    return out;
  }

  private static JsonNode expected(JsonNode vector, String kind) {
    return kind.equals("statements") ? vector.get("leafHash") : vector.get("expected");
  }

  @Test
  void thisSdkGivesEveryExpectedVerdict() throws Exception {
    JsonNode vectors = JSON.readTree(VECTORS.toFile());
    ObjectNode verdicts = javaVerdicts(vectors);
    int valid = 0;
    int rejected = 0;
    for (String kind : KINDS) {
      JsonNode cases = vectors.get(kind);
      assertThat(verdicts.get(kind)).hasSize(cases.size());
      for (int i = 0; i < cases.size(); i++) {
        assertThat(verdicts.get(kind).get(i))
            .as("%s %s", kind, cases.get(i).path("label").asText(cases.get(i).toString()))
            .isEqualTo(expected(cases.get(i), kind));
        JsonNode verdict = verdicts.get(kind).get(i);
        if (verdict.isBoolean()) {
          if (verdict.asBoolean()) {
            valid++;
          } else {
            rejected++;
          }
        }
      }
    }
    assertThat(valid).isGreaterThan(100);
    assertThat(rejected).isGreaterThan(valid);
  }

  @Test
  void theTreeVectorsAreTheOnesTheRecursiveDefinitionsMake() throws Exception {
    JsonNode vectors = JSON.readTree(VECTORS.toFile());
    ArrayNode inclusion = LogVectors.inclusionVectors();
    ArrayNode consistency = LogVectors.consistencyVectors();
    LogReferenceVectors.referenceVectors(inclusion, consistency);
    assertThat(vectors.get("inclusion")).isEqualTo(asRead(inclusion));
    assertThat(vectors.get("consistency")).isEqualTo(asRead(consistency));
    assertThat(vectors.get("statements")).isEqualTo(asRead(LogReferenceVectors.statementVectors()));
  }

  /** As read back from text (small numbers as ints, as in the file). */
  private static JsonNode asRead(JsonNode generated) throws Exception {
    return JSON.readTree(JSON.writeValueAsString(generated));
  }

  @Test
  void theTypeScriptSdkGivesTheSameVerdictOnEveryVector() throws Exception {
    JsonNode vectors = JSON.readTree(VECTORS.toFile());
    ObjectNode java = javaVerdicts(vectors);
    Files.createDirectories(WORK);
    Path out = WORK.resolve("verdicts.json");
    Path log = WORK.resolve("node.log");
    Files.deleteIfExists(out);
    Process node =
        new ProcessBuilder("node", "js/tools/tlog-verdicts.mjs", VECTORS.toString(), out.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    node.getOutputStream().close(); // stdin closed
    assertThat(node.waitFor(3, TimeUnit.MINUTES)).as("node finished").isTrue();
    assertThat(node.exitValue())
        .as("node: %s", Files.readString(log, StandardCharsets.UTF_8))
        .isZero();
    JsonNode js = JSON.readTree(out.toFile());
    int compared = 0;
    for (String kind : KINDS) {
      JsonNode cases = vectors.get(kind);
      assertThat(js.get(kind)).hasSize(cases.size());
      for (int i = 0; i < cases.size(); i++) {
        assertThat(js.get(kind).get(i))
            .as("%s %s", kind, cases.get(i).path("label").asText(cases.get(i).toString()))
            .isEqualTo(java.get(kind).get(i));
        compared++;
      }
    }
    assertThat(compared).isGreaterThan(500);
  }
}
