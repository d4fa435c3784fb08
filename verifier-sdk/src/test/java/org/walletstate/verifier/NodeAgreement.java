package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code js/tools/agree.mjs} over a corpus of cases that carry the Java SDK's verdicts (stdin
 * closed, output to a file under {@code work}) and asserts that every case agreed.
 */
final class NodeAgreement {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path AGREE = Path.of("js/tools/agree.mjs");

  private NodeAgreement() {}

  /** Returns the TypeScript package's reports, one per case. */
  static JsonNode agree(Path work, JsonNode corpus) throws Exception {
    int cases = corpus.get("cases").size();
    Files.createDirectories(work);
    Path casesFile = work.resolve("cases.json");
    Path reports = work.resolve("reports.json");
    Path log = work.resolve("agree.log");
    Files.writeString(casesFile, JSON.writeValueAsString(corpus), StandardCharsets.UTF_8);
    Files.deleteIfExists(reports);
    Process node =
        new ProcessBuilder("node", AGREE.toString(), casesFile.toString(), reports.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    node.getOutputStream().close(); // stdin closed
    assertThat(node.waitFor(3, TimeUnit.MINUTES)).as("node finished").isTrue();
    String printed = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(node.exitValue()).as("disagreements:%n%s", printed).isZero();
    assertThat(printed).contains("agree: " + cases + " passed, 0 failed");
    return JSON.readTree(reports.toFile());
  }
}
