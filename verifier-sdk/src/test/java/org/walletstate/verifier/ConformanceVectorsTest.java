package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 27 vectors of the combined conformance file, under namespace {@code insumer}, the saved key
 * set (none for vector 23) and a clock after every window: each reproduces its expected verdicts.
 */
class ConformanceVectorsTest {

  static Stream<String> vectorNames() {
    List<String> names = new ArrayList<>();
    Conformance.vectors().fieldNames().forEachRemaining(names::add);
    return names.stream();
  }

  @Test
  void corpus_holdsAllTwentySevenVectors() {
    assertThat(vectorNames()).hasSize(27);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("vectorNames")
  void vector_reproducesEveryExpectedVerdict(String name) {
    JsonNode vector = Conformance.vectors().get(name);
    JsonNode expected = vector.get("expected");
    JsonNode checks = expected.get("checks");
    AttestationVerifier verifier = verifierFor(vector, Conformance.AFTER_ALL_WINDOWS);
    String response = Conformance.write(vector.get("response"));

    Map<String, Boolean> actual;
    PqVerdict pq;
    if (isTrustProfile(vector)) {
      TrustProfileReport report = verifier.reportTrustProfile(response);
      actual =
          Map.of(
              "signature", report.signature().passed(),
              "freshness", report.freshness().passed(),
              "expiry", report.expiry().passed(),
              "pq", report.pq().passed());
      pq = report.pq();
      assertThat(report.structure().passed()).isTrue();
    } else {
      VerificationReport report = verifier.report(response);
      Map<String, Boolean> verdicts = new java.util.HashMap<>();
      verdicts.put("signature", report.signature().passed());
      verdicts.put("conditionHashes", report.conditionHashes().passed());
      verdicts.put("freshness", report.freshness().passed());
      verdicts.put("expiry", report.expiry().passed());
      verdicts.put("pq", report.pq().passed());
      report.jwt().ifPresent(jwt -> verdicts.put("jwt", jwt.passed()));
      actual = verdicts;
      pq = report.pq();
      assertThat(report.structure().passed()).isTrue();
      assertThat(report.valid()).as("expiry is past in every vector").isFalse();
    }

    Map<String, Boolean> wanted = new java.util.HashMap<>();
    checks.properties().forEach(e -> wanted.put(e.getKey(), e.getValue().booleanValue()));
    assertThat(actual).as(name).isEqualTo(wanted);
    assertThat(pq.status().wireName())
        .as(name + " pq status")
        .isEqualTo(expected.at("/pq/status").asText());
  }

  /**
   * The same vectors read inside their own window: those whose every other check passes now verify,
   * and their signed values are readable from the verified attestation.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("vectorNames")
  void vector_insideItsWindow_yieldsTheExpectedSignedValues(String name) throws Exception {
    JsonNode vector = Conformance.vectors().get(name);
    JsonNode expected = vector.get("expected");
    Instant issued = issuedAt(vector);
    Instant now = issued.plusSeconds(60);
    JsonNode cutoff = vector.at("/options/pqRequiredFrom");
    boolean cutoffInForce = cutoff.isTextual() && !now.isBefore(Instant.parse(cutoff.asText()));
    String status = expected.at("/pq/status").asText();
    boolean pqFailsOnlyByCutoff = status.equals("absent") || status.equals("unverifiable");
    boolean otherwisePassing = true;
    for (Map.Entry<String, JsonNode> check : expected.get("checks").properties()) {
      boolean exempt =
          check.getKey().equals("expiry")
              || (check.getKey().equals("pq") && pqFailsOnlyByCutoff && !cutoffInForce);
      if (!exempt && !check.getValue().booleanValue()) {
        otherwisePassing = false;
      }
    }
    String response = Conformance.write(vector.get("response"));
    AttestationVerifier verifier = verifierFor(vector, Clock.fixed(now, ZoneOffset.UTC));
    if (isTrustProfile(vector)) {
      TrustProfileReport report = verifier.reportTrustProfile(response);
      assertThat(report.valid()).isEqualTo(otherwisePassing);
      if (otherwisePassing && expected.has("trust")) {
        VerifiedTrustProfile profile = verifier.verifyTrustProfile(response);
        JsonNode summary = profile.asJson().get("summary");
        expected
            .at("/trust/summary")
            .properties()
            .forEach(
                e -> assertThat(summary.get(e.getKey()).asInt()).isEqualTo(e.getValue().asInt()));
        List<String> unevaluated = new ArrayList<>();
        profile
            .asJson()
            .get("dimensions")
            .properties()
            .forEach(
                d ->
                    d.getValue()
                        .get("checks")
                        .forEach(
                            c -> {
                              if (c.has("evaluated") && !c.get("evaluated").asBoolean()) {
                                unevaluated.add(
                                    d.getKey()
                                        + "/"
                                        + c.get("label").asText()
                                        + "/"
                                        + c.get("requires").asText());
                              }
                            }));
        List<String> wanted = new ArrayList<>();
        expected
            .at("/trust/notEvaluated")
            .forEach(
                n ->
                    wanted.add(
                        n.get("dimension").asText()
                            + "/"
                            + n.get("label").asText()
                            + "/"
                            + n.get("requires").asText()));
        assertThat(unevaluated).isEqualTo(wanted);
      }
      return;
    }
    VerificationReport report = verifier.report(response);
    assertThat(report.valid()).as(report.toString()).isEqualTo(otherwisePassing);
    if (otherwisePassing && expected.has("attestation")) {
      VerifiedAttestation attestation = verifier.verify(response);
      assertThat(attestation.pass()).isEqualTo(expected.at("/attestation/pass").asBoolean());
      List<Boolean> met = attestation.results().stream().map(VerifiedResult::met).toList();
      List<Boolean> wantedMet = new ArrayList<>();
      expected.at("/attestation/results").forEach(r -> wantedMet.add(r.get("met").asBoolean()));
      assertThat(met).isEqualTo(wantedMet);
    }
  }

  static AttestationVerifier verifierFor(JsonNode vector, Clock clock) {
    JsonNode options = vector.get("options");
    boolean noKeySet = options == null; // vector 23: no key set at all
    AttestationVerifier.Builder builder =
        AttestationVerifier.builder(noKeySet ? KeySet.empty() : Conformance.savedKeySet())
            .namespace(Conformance.INSUMER)
            .clock(clock);
    if (options != null && options.has("pqRequiredFrom")) {
      builder.pqRequiredFrom(Instant.parse(options.get("pqRequiredFrom").asText()));
    }
    return builder.build();
  }

  private static boolean isTrustProfile(JsonNode vector) {
    return vector.at("/response/data/trust").isObject();
  }

  private static Instant issuedAt(JsonNode vector) {
    JsonNode data = vector.at("/response/data");
    if (data.has("trust")) {
      return Instant.parse(data.at("/trust/profiledAt").asText());
    }
    if (data.has("attestation")) {
      return Instant.parse(data.at("/attestation/attestedAt").asText());
    }
    String payload = data.get("jwt").asText().split("\\.")[1];
    JsonNode claims =
        CanonicalJson.parse(
            new String(
                java.util.Base64.getUrlDecoder().decode(payload),
                java.nio.charset.StandardCharsets.UTF_8));
    return Instant.ofEpochSecond(claims.get("iat").asLong());
  }
}
