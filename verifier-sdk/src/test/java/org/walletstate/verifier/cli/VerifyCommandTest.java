package org.walletstate.verifier.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerifyCommandTest {

  @TempDir Path dir;

  @Test
  void run_printsEveryVerdictAndExitsNonZeroForAnExpiredAttestation() throws IOException {
    Path keys = copy("jwks.json");
    Path response = dir.resolve("response.json");
    String combined = resource("state-attestation-test-vectors.json");
    var vectors =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(combined).get("vectors");
    Files.writeString(response, vectors.get("12-pq-companion-v2").get("response").toString());

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit =
        VerifyCommand.run(
            new String[] {"--keys", keys.toString(), "--namespace", "insumer", response.toString()},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(exit).isEqualTo(VerifyCommand.INVALID);
    assertThat(printed)
        .containsPattern("signature\\s+ok")
        .containsPattern("conditionHashes\\s+ok")
        .containsPattern("expiry\\s+FAIL")
        .containsPattern("pq\\s+ok\\s+verified")
        .containsPattern("valid\\s+FAIL");
  }

  @Test
  void run_asOfAnInstantInsideTheWindow_acceptsAndExitsZero_andTheCommandWordIsOptional()
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int exit = verifyAt("12-pq-companion-v2", "2026-09-02T00:00:00Z", out);

    assertThat(exit).as(out.toString(StandardCharsets.UTF_8)).isEqualTo(VerifyCommand.VALID);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .containsPattern("expiry\\s+ok")
        .containsPattern("valid\\s+ok");
  }

  @Test
  void run_asOfAnInstant_stillRefusesATamperedCompanion() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int exit = verifyAt("14-pq-companion-tampered", "2026-09-02T00:00:00Z", out);

    assertThat(exit).isEqualTo(VerifyCommand.INVALID);
    assertThat(out.toString(StandardCharsets.UTF_8)).containsPattern("pq\\s+FAIL\\s+refuted");
  }

  /** {@code verify --keys jwks.json --namespace insumer --at <at> <vector's response>}. */
  private int verifyAt(String vector, String at, ByteArrayOutputStream out) throws IOException {
    String[] args = {
      "verify",
      "--keys",
      copy("jwks.json").toString(),
      "--namespace",
      "insumer",
      "--at",
      at,
      vector(vector).toString()
    };
    return VerifyCommand.run(args, print(out), print(new ByteArrayOutputStream()));
  }

  @Test
  void run_withAnUnreadableInstantIsAUsageError() throws IOException {
    Path keys = copy("jwks.json");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] args = {"--keys", keys.toString(), "--at", "yesterday", "response.json"};
    int exit = VerifyCommand.run(args, print(new ByteArrayOutputStream()), print(err));

    assertThat(exit).isEqualTo(VerifyCommand.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("yesterday");
  }

  private Path vector(String name) throws IOException {
    var vectors =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(resource("state-attestation-test-vectors.json"))
            .get("vectors");
    Path response = dir.resolve(name + ".json");
    Files.writeString(response, vectors.get(name).get("response").toString());
    return response;
  }

  private static PrintStream print(ByteArrayOutputStream sink) {
    return new PrintStream(sink, true, StandardCharsets.UTF_8);
  }

  @Test
  void run_withoutAKeySetIsAUsageError() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        VerifyCommand.run(
            new String[] {"response.json"},
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(exit).isEqualTo(VerifyCommand.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage");
  }

  private Path copy(String name) throws IOException {
    Path target = dir.resolve(name);
    Files.writeString(target, resource(name));
    return target;
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = VerifyCommandTest.class.getResourceAsStream("/conformance/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
