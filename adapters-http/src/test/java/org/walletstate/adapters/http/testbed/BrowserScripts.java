package org.walletstate.adapters.http.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Runs a browser test script of {@code src/test/browser} (Node.js, playwright-core, Debian's
 * Chromium) with one JSON argument and reads the JSON line it prints last; the script's output and
 * errors go to files, never to the test JVM's streams.
 */
public final class BrowserScripts {

  private static final ObjectMapper JSON = new ObjectMapper();

  private BrowserScripts() {}

  /** What {@code script} (a file name under src/test/browser) printed, within {@code seconds}. */
  public static JsonNode run(String script, JsonNode input, long seconds) throws Exception {
    Path path = Path.of("src/test/browser", script);
    Path out = Files.createTempFile("browser-script", ".json");
    Path errors = Files.createTempFile("browser-script", ".err");
    Process node =
        new ProcessBuilder("node", path.toString(), input.toString())
            .redirectOutput(out.toFile())
            .redirectError(errors.toFile())
            .start();
    node.getOutputStream().close();
    boolean ended = node.waitFor(seconds, TimeUnit.SECONDS);
    if (!ended) {
      node.destroyForcibly();
    }
    String text = Files.readString(out, StandardCharsets.UTF_8).strip();
    String stderr = Files.readString(errors, StandardCharsets.UTF_8).strip();
    Files.deleteIfExists(out);
    Files.deleteIfExists(errors);
    assertThat(ended).as("%s ends within %d s; errors: %s", script, seconds, stderr).isTrue();
    assertThat(node.exitValue())
        .as("%s exit code; output: %s; errors: %s", script, text, stderr)
        .isZero();
    return JSON.readTree(text.substring(text.lastIndexOf('\n') + 1));
  }
}
