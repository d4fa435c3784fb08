package org.walletstate.verifier.tlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The checkpoints' Ed25519 line ({@code tlog/log-ed25519-vectors.json}, {@link LogEd25519Vectors})
 * through both SDKs: this SDK gives every expected verdict, the TypeScript package the same one,
 * and the file is what the generator makes from its fixed seeds.
 */
class LogEd25519VectorsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path ES256 = Path.of("src/test/resources/tlog/log-vectors.json");
  private static final Path WORK = Path.of("target/js-tlog-ed25519");

  @Test
  @EnabledIfSystemProperty(named = "tlog.vectors.write", matches = "true")
  void writeTheVectors() throws Exception {
    JSON.writerWithDefaultPrettyPrinter()
        .writeValue(
            LogEd25519Vectors.FILE.toFile(), LogEd25519Vectors.make(JSON.readTree(ES256.toFile())));
  }

  private static PublicKey key(JsonNode keys, String name) {
    JsonNode key = keys.get(name);
    return SignedCheckpoint.publicKey(
        key.isTextual() ? key.asText() : key.get("publicKey").asText());
  }

  @Test
  void theFileIsWhatTheGeneratorMakes() throws Exception {
    JsonNode file = JSON.readTree(LogEd25519Vectors.FILE.toFile());
    JsonNode made =
        JSON.readTree(
            JSON.writeValueAsString(LogEd25519Vectors.make(JSON.readTree(ES256.toFile()))));
    assertThat(file).isEqualTo(made);
  }

  @Test
  void thisSdkGivesEveryExpectedVerdict() throws Exception {
    JsonNode vectors = JSON.readTree(LogEd25519Vectors.FILE.toFile());
    int valid = 0;
    for (JsonNode v : vectors.get("checkpoints")) {
      JsonNode verdict =
          LogVectorsAgreementTest.checkpoint(
              v.get("note").asText(), key(vectors.get("keys"), v.get("key").asText()));
      assertThat(verdict).as(v.get("label").asText()).isEqualTo(v.get("expected"));
      valid += verdict.get("signedBy").asBoolean() ? 1 : 0;
    }
    assertThat(valid).isEqualTo(4);
    assertThat(vectors.get("checkpoints").size()).isGreaterThan(10);
  }

  @Test
  void aVerifierKeyWhoseKeyIdIsNotItsOwnIsRefused() throws Exception {
    String vkey = JSON.readTree(LogEd25519Vectors.FILE.toFile()).get("keys").get("log").asText();
    String[] parts = vkey.split("\\+", 3);
    String otherName = "other.test/log+" + parts[1] + "+" + parts[2];
    assertThatThrownBy(() -> SignedCheckpoint.publicKey(otherName))
        .hasMessageContaining("key id is not its key's");
    assertThatThrownBy(() -> SignedCheckpoint.publicKey(parts[0] + "+" + parts[1] + "+AAAA"))
        .hasMessageContaining("not an Ed25519 key");
    assertThat(SignedCheckpoint.publicKey(vkey + "\n").getAlgorithm()).isIn("Ed25519", "EdDSA");
  }

  @Test
  void theTypeScriptSdkGivesTheSameVerdictOnEveryVector() throws Exception {
    JsonNode vectors = JSON.readTree(LogEd25519Vectors.FILE.toFile());
    Files.createDirectories(WORK);
    Path out = WORK.resolve("verdicts.json");
    Path log = WORK.resolve("node.log");
    Files.deleteIfExists(out);
    Process node =
        new ProcessBuilder(
                "node",
                "js/tools/tlog-verdicts.mjs",
                LogEd25519Vectors.FILE.toString(),
                out.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    node.getOutputStream().close();
    assertThat(node.waitFor(3, TimeUnit.MINUTES)).as("node finished").isTrue();
    assertThat(node.exitValue())
        .as("node: %s", Files.readString(log, StandardCharsets.UTF_8))
        .isZero();
    JsonNode js = JSON.readTree(out.toFile()).get("checkpoints");
    assertThat(js).hasSize(vectors.get("checkpoints").size());
    for (int i = 0; i < js.size(); i++) {
      assertThat(js.get(i))
          .as(vectors.get("checkpoints").get(i).get("label").asText())
          .isEqualTo(vectors.get("checkpoints").get(i).get("expected"));
    }
  }
}
