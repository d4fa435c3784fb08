package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Multi-attestation envelopes through both verifiers: the eight fixtures E01 to E08 under their own
 * options, inside the slots' window and after it, and E01 with its first slot edited every way the
 * envelope format names an error for (and a few it does not). Every slot verdict, the summary,
 * {@code valid} and the envelope error must agree ({@code js/tools/agree.mjs}).
 */
class EnvelopeAgreementTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path WORK = Path.of("target/js-envelope-agreement");
  private static final String JWKS_URL = "https://insumermodel.com/.well-known/jwks.json";
  private static final String SAVED = "saved jwks.json";
  private static final List<String> CLOCKS =
      List.of("2026-08-29T01:30:00Z", "2026-10-01T00:00:00Z");

  @Test
  void bothVerifiers_giveTheSameSlotVerdictsAndSummary() throws Exception {
    ArrayNode cases = JSON.createArrayNode();
    for (String name :
        List.of(
            "E01-two-slots-valid",
            "E02-slot0-signature-stripped",
            "E03-slot0-signature-tampered",
            "E04-required-type-present",
            "E05-required-type-absent",
            "E06-freshness-gates-the-aggregate",
            "E07-unresolvable-kid",
            "E08-slot0-object-stapled-to-jws")) {
      JsonNode fixture = Conformance.json("envelope/" + name + ".json");
      for (String at : CLOCKS) {
        add(cases, name + " at " + at, fixture.get("options"), at, write(fixture.get("payload")));
      }
    }
    JsonNode e01 = Conformance.json("envelope/E01-two-slots-valid.json").get("payload");
    ObjectNode expiryOn = JSON.createObjectNode();
    ObjectNode required = JSON.createObjectNode();
    required.putArray("requiredTypes").add("wallet_state").add("kyc");
    for (Map.Entry<String, Consumer<ObjectNode>> edit : slotEdits(e01).entrySet()) {
      ObjectNode payload = e01.deepCopy();
      edit.getValue().accept((ObjectNode) payload.get("attestations").get(0));
      for (JsonNode options : List.of(expiryOn, required)) {
        for (String at : CLOCKS) {
          add(
              cases,
              "E01 slot 0 " + edit.getKey() + " " + options + " at " + at,
              options,
              at,
              write(payload));
        }
      }
    }
    ObjectNode notObject = e01.deepCopy();
    ((ArrayNode) notObject.get("attestations")).insert(0, 7);
    add(cases, "a slot that is not an object", expiryOn, CLOCKS.get(0), write(notObject));
    for (String text :
        List.of("{\"v\":1}", "{\"v\":1,", "[]", "{\"attestations\":{}}", "{\"attestations\":[]}")) {
      add(cases, "envelope " + text, expiryOn, CLOCKS.get(0), text);
    }
    assertThat(cases.size()).isGreaterThan(80);
    ObjectNode corpus = JSON.createObjectNode();
    corpus.putObject("keySets").set(SAVED, JSON.readTree(Conformance.text("jwks.json")));
    corpus.set("cases", cases);
    NodeAgreement.agree(WORK, corpus);
  }

  private static String write(JsonNode node) {
    return Conformance.write(node);
  }

  private static Map<String, Consumer<ObjectNode>> slotEdits(JsonNode e01) {
    String otherSig = e01.at("/attestations/1/sig").asText();
    String sig = e01.at("/attestations/0/sig").asText();
    String[] parts = sig.split("\\.");
    String foreignHeader =
        java.util.Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(
                "{\"alg\":\"ES256\",\"kid\":\"insumer-attest-v1\"}"
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    Map<String, Consumer<ObjectNode>> edits = new LinkedHashMap<>();
    edits.put("as issued", s -> {});
    edits.put("kid removed", s -> s.remove("kid"));
    edits.put("kid empty", s -> s.put("kid", ""));
    edits.put("kid a number", s -> s.put("kid", 7));
    edits.put("kid unknown", s -> s.put("kid", "insumer-attest-v9"));
    edits.put("kid of another key", s -> s.put("kid", "insumer-attest-v1"));
    edits.put("alg RS256", s -> s.put("alg", "RS256"));
    edits.put("jwks elsewhere", s -> s.put("jwks", "https://elsewhere.example/jwks.json"));
    edits.put("sig not compact", s -> s.put("sig", "c2lnbmF0dXJl"));
    edits.put("sig of four segments", s -> s.put("sig", sig + ".x"));
    edits.put(
        "sig with a malformed header", s -> s.put("sig", "e30x." + parts[1] + "." + parts[2]));
    edits.put(
        "sig with a payload not JSON", s -> s.put("sig", parts[0] + ".bm90IGpzb24." + parts[2]));
    edits.put(
        "sig with a bad signature segment", s -> s.put("sig", parts[0] + "." + parts[1] + ".@@"));
    edits.put(
        "sig under another kid's header",
        s -> s.put("sig", foreignHeader + "." + parts[1] + "." + parts[2]));
    edits.put("sig of the other slot", s -> s.put("sig", otherSig));
    edits.put(
        "sig with the signature truncated", s -> s.put("sig", sig.substring(0, sig.length() - 4)));
    edits.put("signed stapled", s -> s.putObject("signed").put("pass", true));
    edits.put("signed false", s -> s.put("signed", false));
    edits.put("expiry not a date", s -> s.put("expiry", "soon"));
    edits.put("expiry unreadable", s -> s.put("expiry", "2026-13-99T00:00:00Z"));
    edits.put("expiry far ahead", s -> s.put("expiry", "2099-01-01T00:00:00Z"));
    edits.put("expiry with an offset", s -> s.put("expiry", "2026-08-29T03:49:55+02:00"));
    edits.put("expiry a number", s -> s.put("expiry", 1787968195));
    edits.put("type removed", s -> s.remove("type"));
    edits.put("type other", s -> s.put("type", "kyc"));
    edits.put("issuer a number", s -> s.put("issuer", 1));
    return edits;
  }

  private static void add(
      ArrayNode cases, String label, JsonNode options, String at, String input) {
    EnvelopeVerifier.Builder builder =
        EnvelopeVerifier.builder(
                KeySetResolver.fixed(Map.of(URI.create(JWKS_URL), Conformance.savedKeySet())))
            .clock(Clock.fixed(Instant.parse(at), ZoneOffset.UTC));
    ObjectNode envelope = JSON.createObjectNode().put("now", at);
    envelope.putObject("keySets").put(JWKS_URL, SAVED);
    if (options.has("checkExpiry")) {
      builder.checkExpiry(options.get("checkExpiry").asBoolean());
      envelope.put("checkExpiry", options.get("checkExpiry").asBoolean());
    }
    if (options.has("requiredTypes")) {
      List<String> types = new java.util.ArrayList<>();
      options.get("requiredTypes").forEach(t -> types.add(t.asText()));
      builder.requiredTypes(types);
      envelope.set("requiredTypes", options.get("requiredTypes"));
    }
    ObjectNode c = cases.addObject();
    c.put("label", label).put("kind", "envelope").put("input", input);
    c.set("envelope", envelope);
    c.set("java", json(builder.build().verify(input)));
  }

  /** The report in the TypeScript package's shape. */
  private static ObjectNode json(EnvelopeReport report) {
    ObjectNode out = JSON.createObjectNode().put("valid", report.valid());
    ArrayNode slots = out.putArray("slots");
    for (SlotVerdict s : report.slots()) {
      slots
          .addObject()
          .put("issuer", s.issuerOrNull())
          .put("type", s.typeOrNull())
          .put("kid", s.kidOrNull())
          .put("signatureValid", s.signatureValid())
          .put("expired", s.expired())
          .put("error", s.errorOrNull());
    }
    EnvelopeSummary summary = report.summary();
    ObjectNode sum =
        out.putObject("summary")
            .put("total", summary.total())
            .put("verified", summary.verified())
            .put("expired", summary.expired())
            .put("failed", summary.failed());
    ArrayNode missing = sum.putArray("missingRequired");
    summary.missingRequired().forEach(missing::add);
    out.put("error", report.error().orElse(null));
    return out;
  }
}
