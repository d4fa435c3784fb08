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
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The TypeScript verifier ({@code js/}) and this SDK on the same artifacts: every verification of
 * the golden report corpus (the 27 published vectors at several clocks and policies, and edited
 * copies of them that reach each refusal), replayed through the JavaScript package in one node
 * process, and statements made by the service's own signer (crypto's golden files) as issued and
 * edited, discount verifications among them. Every verdict, its reason, the companion status, the
 * token verdict and the conjunction must agree; any disagreement fails the build. The 27 vectors'
 * verdicts from both are also the table published in {@code docs/signing.md}, which must match this
 * run.
 */
class JavaScriptVerifierAgreementTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Path WORK = Path.of("target/js-agreement");
  private static final Path AGREE = Path.of("js/tools/agree.mjs");
  private static final Path SIGNING_DOC = Path.of("../docs/signing.md");
  private static final Path SIGNER = Path.of("../crypto/src/test/resources/golden");

  /** Key sets by the label each verifier was built with (reasons name it). */
  private static final String SAVED = "saved jwks.json";

  private static final String SIGNER_KEYS = "key set";

  @Test
  void bothVerifiers_agreeOnEveryVerdictAndReason() throws Exception {
    List<Transcript.Case> cases = new ArrayList<>(ReportsGoldenTest.corpus().cases());
    cases.addAll(publishedVectors());
    cases.addAll(signerStatements());
    assertThat(cases.size()).as("cases compared").isGreaterThan(400);

    JsonNode theirs = runJavaScript(cases);

    List<String> table = verdictTable(cases, theirs);
    Files.write(WORK.resolve("verdict-table.md"), table, StandardCharsets.UTF_8);
    String doc = Files.readString(SIGNING_DOC, StandardCharsets.UTF_8);
    assertThat(table).allSatisfy(row -> assertThat(doc).as("docs/signing.md").contains(row));
  }

  // ---- the corpus -----------------------------------------------------------------------------

  private static List<Transcript.Case> publishedVectors() {
    List<Transcript.Case> cases = new ArrayList<>();
    Iterator<String> names = Conformance.vectors().fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      JsonNode vector = Conformance.vectors().get(name);
      boolean trust = vector.at("/response/data/trust").isObject();
      cases.add(
          new Transcript.Case(
              "vector " + name,
              trust ? Transcript.Kind.TRUST : Transcript.Kind.ATTESTATION,
              ConformanceVectorsTest.verifierFor(vector, Conformance.AFTER_ALL_WINDOWS),
              Conformance.write(vector.get("response")),
              null));
    }
    return cases;
  }

  /**
   * Statements made by the service's own signer (crypto's golden files, TEST-ONLY keys, namespace
   * {@code service}): each as issued and with one signed member edited, inside its window and
   * after.
   */
  private static List<Transcript.Case> signerStatements() throws IOException {
    Path golden = SIGNER;
    KeySet keys =
        KeySet.parse(Files.readString(golden.resolve("jwks.json"), StandardCharsets.UTF_8));
    List<Transcript.Case> cases = new ArrayList<>();
    String[][] files = {
      {"attestation-v1", "ATTESTATION", "/attestation/results/0", "met"},
      {"attestation-v2-jwt", "ATTESTATION", "/attestation", "pass"},
      {"trust-v2", "TRUST", "/trust", "wallet"},
      {"discount-v2", "DISCOUNT", "/discount", "walletProven"}
    };
    for (String[] file : files) {
      String text =
          Files.readString(golden.resolve(file[0] + ".data.json"), StandardCharsets.UTF_8);
      ObjectNode edited = (ObjectNode) JSON.readTree(text);
      ObjectNode member = (ObjectNode) edited.at(file[2]);
      JsonNode original = member.get(file[3]);
      if (original.isBoolean()) {
        member.put(file[3], !original.booleanValue());
      } else {
        member.put(file[3], original.asText() + "0");
      }
      Transcript.Kind kind = Transcript.Kind.valueOf(file[1]);
      for (String at : List.of("2026-11-20T10:16:00Z", "2026-11-20T11:00:00Z")) {
        AttestationVerifier verifier =
            AttestationVerifier.builder(keys)
                .clock(Clock.fixed(Instant.parse(at), ZoneOffset.UTC))
                .build();
        String label = "signer " + file[0] + " at " + at;
        cases.add(new Transcript.Case(label, kind, verifier, text, null));
        cases.add(
            new Transcript.Case(
                label + " " + file[3] + " edited",
                kind,
                verifier,
                JSON.writeValueAsString(edited),
                null));
      }
    }
    return cases;
  }

  private static StatementReport javaReport(Transcript.Case c) {
    return switch (c.kind()) {
      case ATTESTATION -> c.verifier().report(c.input());
      case TRUST -> c.verifier().reportTrustProfile(c.input());
      case DISCOUNT -> c.verifier().reportDiscount(c.input());
      case TOKEN -> c.verifier().reportToken(c.input(), c.pqInput());
    };
  }

  /**
   * Runs {@code js/tools/agree.mjs} over the cases, each with this SDK's report of it and the
   * verifier's policy as the package's options; it compares every verdict and reason and exits
   * non-zero on any disagreement. Returns the package's reports.
   */
  private static JsonNode runJavaScript(List<Transcript.Case> cases)
      throws IOException, InterruptedException {
    ArrayNode list = NODES.arrayNode();
    for (Transcript.Case c : cases) {
      List<String> kids = c.verifier().policy().keys().kids();
      String keys =
          kids.isEmpty()
              ? "empty"
              : kids.equals(Conformance.savedKeySet().kids()) ? SAVED : SIGNER_KEYS;
      ObjectNode entry = list.addObject();
      entry.put("label", c.label());
      entry.put("kind", c.kind().name().toLowerCase(java.util.Locale.ROOT));
      entry.put("keys", keys);
      entry.set("options", options(c.verifier().policy()));
      entry.put("input", c.input());
      entry.put("pqInput", c.pqInput());
      entry.set("java", JSON.readTree(javaReport(c).toJson()));
    }
    ObjectNode keySets = NODES.objectNode();
    keySets.set(SAVED, JSON.readTree(Conformance.text("jwks.json")));
    keySets.set(SIGNER_KEYS, JSON.readTree(SIGNER.resolve("jwks.json").toFile()));
    ObjectNode corpus = NODES.objectNode();
    corpus.set("keySets", keySets);
    corpus.set("cases", list);
    Files.createDirectories(WORK);
    Path casesFile = WORK.resolve("cases.json");
    Path reportsFile = WORK.resolve("reports.json");
    Path log = WORK.resolve("agree.log");
    Files.writeString(casesFile, JSON.writeValueAsString(corpus), StandardCharsets.UTF_8);
    Files.deleteIfExists(reportsFile);
    Process node =
        new ProcessBuilder("node", AGREE.toString(), casesFile.toString(), reportsFile.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    node.getOutputStream().close(); // stdin closed
    assertThat(node.waitFor(5, TimeUnit.MINUTES)).as("node finished").isTrue();
    String printed = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(node.exitValue()).as("disagreements:%n%s", printed).isZero();
    assertThat(printed).contains("agree: " + cases.size() + " passed, 0 failed");
    return JSON.readTree(reportsFile.toFile());
  }

  /** A verifier's policy as the TypeScript package's options. */
  static ObjectNode options(Policy policy) {
    ObjectNode options = NODES.objectNode();
    options.put("namespace", policy.namespace().word());
    options.put("now", policy.now().toString());
    options.put("clockSkewSeconds", policy.clockSkew().toSeconds());
    options.put("mode", policy.mode() == Mode.EVIDENCE ? "evidence" : "access");
    if (policy.maxAge() != null) {
      options.put("maxAgeSeconds", policy.maxAge().toSeconds());
    }
    if (policy.pqRequiredFrom() != null) {
      options.put("pqRequiredFrom", policy.pqRequiredFrom().toString());
    }
    if (policy.pqActivatedAt() != null) {
      options.put("pqActivatedAt", policy.pqActivatedAt().toString());
    }
    return options;
  }

  // ---- the published table --------------------------------------------------------------------

  private static List<String> verdictTable(List<Transcript.Case> cases, JsonNode theirs) {
    List<String> rows = new ArrayList<>();
    rows.add("| vector | expected | Java SDK | TypeScript SDK |");
    rows.add("|---|---|---|---|");
    for (int i = 0; i < cases.size(); i++) {
      Transcript.Case c = cases.get(i);
      if (!c.label().startsWith("vector ")) {
        continue;
      }
      String name = c.label().substring("vector ".length());
      JsonNode expected = Conformance.vectors().get(name).get("expected");
      StringBuilder want = new StringBuilder();
      StringBuilder java = new StringBuilder();
      StringBuilder js = new StringBuilder();
      StatementReport ours = javaReport(c);
      for (Iterator<String> it = expected.get("checks").fieldNames(); it.hasNext(); ) {
        String check = it.next();
        Check named = Check.valueOf(snake(check));
        want.append(cell(check, expected.get("checks").get(check).booleanValue()));
        java.append(cell(check, ours.verdict(named).passed()));
        js.append(cell(check, theirs.get(i).at("/checks/" + check + "/passed").booleanValue()));
      }
      want.append("pq ").append(expected.at("/pq/status").asText());
      java.append("pq ").append(ours.pq().status().wireName());
      js.append("pq ").append(theirs.get(i).at("/pq/status").asText());
      rows.add("| " + name + " | " + want + " | " + java + " | " + js + " |");
    }
    return rows;
  }

  private static String cell(String check, boolean passed) {
    return (passed ? "" : "**") + check + (passed ? "" : "** ✗") + ", ";
  }

  private static String snake(String wireName) {
    return wireName.equals("conditionHashes") ? "CONDITION_HASHES" : wireName.toUpperCase();
  }
}
