package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The eight envelope fixtures E01 to E08: per-slot output and summary, exactly. */
class EnvelopeFixturesTest {

  private static final URI JWKS_URL = URI.create("https://insumermodel.com/.well-known/jwks.json");

  static Stream<String> fixtures() {
    return Stream.of(
        "E01-two-slots-valid",
        "E02-slot0-signature-stripped",
        "E03-slot0-signature-tampered",
        "E04-required-type-present",
        "E05-required-type-absent",
        "E06-freshness-gates-the-aggregate",
        "E07-unresolvable-kid",
        "E08-slot0-object-stapled-to-jws");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void fixture_reproducesSlotsAndSummary(String name) {
    JsonNode fixture = Conformance.json("envelope/" + name + ".json");
    EnvelopeReport report = verify(fixture);
    JsonNode expected = fixture.get("expected");

    assertThat(report.valid()).isEqualTo(expected.get("valid").asBoolean());
    assertThat(report.slots()).hasSize(expected.get("slots").size());
    for (int i = 0; i < report.slots().size(); i++) {
      SlotVerdict slot = report.slots().get(i);
      JsonNode wanted = expected.get("slots").get(i);
      assertThat(slot.signatureValid())
          .as("slot %d signatureValid", i)
          .isEqualTo(wanted.get("signatureValid").asBoolean());
      assertThat(slot.expired())
          .as("slot %d expired", i)
          .isEqualTo(wanted.get("expired").asBoolean());
      assertThat(slot.error().orElse(null))
          .as("slot %d error", i)
          .isEqualTo(wanted.get("error").isNull() ? null : wanted.get("error").asText());
    }
    JsonNode summary = expected.get("summary");
    List<String> missing = new ArrayList<>();
    summary.get("missingRequired").forEach(t -> missing.add(t.asText()));
    assertThat(report.summary())
        .isEqualTo(
            new EnvelopeSummary(
                summary.get("total").asInt(),
                summary.get("verified").asInt(),
                summary.get("expired").asInt(),
                summary.get("failed").asInt(),
                missing));
  }

  @Test
  void slotOne_isIdenticalWhateverHappensToSlotZero() {
    SlotVerdict baseline =
        verify(Conformance.json("envelope/E01-two-slots-valid.json")).slots().get(1);
    for (String name :
        List.of(
            "E02-slot0-signature-stripped",
            "E03-slot0-signature-tampered",
            "E07-unresolvable-kid",
            "E08-slot0-object-stapled-to-jws")) {
      assertThat(verify(Conformance.json("envelope/" + name + ".json")).slots().get(1))
          .as(name)
          .isEqualTo(baseline);
    }
  }

  @Test
  void missingRequiredTypes_areListedInTheOrderTheCallerNamedThem() {
    List<String> absent = List.of("z_type", "a_type", "m_type", "b_type", "y_type");
    JsonNode fixture = Conformance.json("envelope/E01-two-slots-valid.json");
    EnvelopeReport report =
        EnvelopeVerifier.builder(KeySetResolver.fixed(Map.of(JWKS_URL, Conformance.savedKeySet())))
            .clock(Conformance.AFTER_ALL_WINDOWS)
            .checkExpiry(false)
            .requiredTypes(absent)
            .build()
            .verify(Conformance.write(fixture.get("payload")));
    assertThat(report.summary().missingRequired()).containsExactlyElementsOf(absent);
  }

  @Test
  void verify_refusesAKeySetThatCannotBeFetched() {
    JsonNode fixture = Conformance.json("envelope/E01-two-slots-valid.json");
    EnvelopeReport report =
        EnvelopeVerifier.builder(KeySetResolver.fixed(Map.of()))
            .checkExpiry(false)
            .build()
            .verify(Conformance.write(fixture.get("payload")));
    assertThat(report.valid()).isFalse();
    assertThat(report.slots())
        .allSatisfy(s -> assertThat(s.error()).get().asString().contains("unavailable"));
  }

  private static EnvelopeReport verify(JsonNode fixture) {
    JsonNode options = fixture.get("options");
    EnvelopeVerifier.Builder builder =
        EnvelopeVerifier.builder(KeySetResolver.fixed(Map.of(JWKS_URL, Conformance.savedKeySet())))
            .clock(Conformance.AFTER_ALL_WINDOWS);
    if (options.has("checkExpiry")) {
      builder.checkExpiry(options.get("checkExpiry").asBoolean());
    }
    if (options.has("requiredTypes")) {
      List<String> types = new ArrayList<>();
      options.get("requiredTypes").forEach(t -> types.add(t.asText()));
      builder.requiredTypes(types);
    }
    return builder.build().verify(Conformance.write(fixture.get("payload")));
  }
}
