package org.walletstate.adapters.http.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The module's node check scripts ({@code adapters-http/scripts}, with Ajv and the other tools of
 * its {@code package.json}) run from a test: the tools are installed first when a test runs before
 * the build's verify step has, and each script's one JSON line of output is handed back.
 */
public final class NodeChecks {

  private static final ObjectMapper JSON = new ObjectMapper();

  private NodeChecks() {}

  private static void ensureTools() throws Exception {
    if (Files.exists(Path.of("node_modules/ajv-formats/package.json"))) {
      return;
    }
    // Its output goes to a file, never to this JVM's standard streams (the test runner's channel)
    Path log = Path.of("target", "ensure-deps.log");
    Process install =
        new ProcessBuilder("node", "scripts/ensure-deps.mjs")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    install.getOutputStream().close();
    assertThat(install.waitFor(600, TimeUnit.SECONDS)).isTrue();
    assertThat(install.exitValue()).as("npm install, see %s", log).isZero();
  }

  /**
   * Runs {@code scripts/<script>} with {@code args} and the path of a file holding {@code document}
   * last; asserts it exits 0 and answers its JSON line.
   */
  public static JsonNode run(String script, String document, String... args) throws Exception {
    ensureTools();
    Path file = Files.createTempFile("checked", ".json");
    Path errors = Files.createTempFile("checked", ".err");
    try {
      Files.writeString(file, document, StandardCharsets.UTF_8);
      List<String> command = new ArrayList<>(List.of("node", "scripts/" + script));
      command.addAll(List.of(args));
      command.add(file.toString());
      Process node = new ProcessBuilder(command).redirectError(errors.toFile()).start();
      node.getOutputStream().close();
      String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(node.exitValue()).as(Files.readString(errors)).isZero();
      return JSON.readTree(out);
    } finally {
      Files.deleteIfExists(file);
      Files.deleteIfExists(errors);
    }
  }
}
