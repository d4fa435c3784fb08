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
