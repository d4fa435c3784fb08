package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The read-assurance vectors shared with the TypeScript verifier ({@code
 * js/test/read-assurance.test.mjs}, written by {@code js/tools/quorum-vectors.mjs} and {@code
 * js/tools/quorum-names-vectors.mjs}): signed attestations whose results carry {@code
 * readAssurance} (quorum, single, absent, malformed, and one edited after signing; then quorum with
 * the providers' names, a malformed list, and names edited after signing, under keys of their own);
 * trust profiles whose rows carry it ({@code js/tools/quorum-trust-vectors.mjs}); and discount
 * verifications that carry it per chain ({@code js/tools/quorum-discount-vectors.mjs}). This SDK
 * reads the same assurance per result or row and {@code requireQuorum(k)} accepts or refuses with
 * the same text.
 */
class ReadAssuranceVectorsTest {

  private static final Path FILE = Path.of("src/test/resources/golden/read-assurance-vectors.json");
  private static final Path NAMES =
      Path.of("src/test/resources/golden/read-assurance-names-vectors.json");
  private static final Path TRUST =
      Path.of("src/test/resources/golden/read-assurance-trust-vectors.json");
  private static final Path DISCOUNT =
      Path.of("src/test/resources/golden/read-assurance-discount-vectors.json");

  @Test
  void everyVector_readsAndRequiresAsExpected() throws Exception {
    checkAll(FILE, 6);
  }

  @Test
  void everyVectorWithNames_readsAndRequiresAsExpected() throws Exception {
    checkAll(NAMES, 4);
  }

  @Test
  void everyTrustVector_readsAndRequiresAsExpected() throws Exception {
    JsonNode file = new ObjectMapper().readTree(TRUST.toFile());
    AttestationVerifier verifier = verifierOf(file);
    assertThat(file.get("vectors").size()).isEqualTo(5);
    for (Map.Entry<String, JsonNode> vector : file.get("vectors").properties()) {
      checkTrust(verifier, vector.getKey(), vector.getValue());
    }
  }

  @Test
  void everyDiscountVector_readsAndRequiresAsExpected() throws Exception {
    JsonNode file = new ObjectMapper().readTree(DISCOUNT.toFile());
    AttestationVerifier verifier = verifierOf(file);
    assertThat(file.get("vectors").size()).isEqualTo(6);
    for (Map.Entry<String, JsonNode> vector : file.get("vectors").properties()) {
      checkDiscount(verifier, vector.getKey(), vector.getValue());
    }
  }

  private static void checkDiscount(AttestationVerifier verifier, String name, JsonNode vector)
      throws Exception {
    JsonNode expected = vector.get("expected");
    String response = vector.get("response").toString();
    DiscountVerificationReport report = verifier.reportDiscount(response);
    assertThat(report.valid()).as(name).isEqualTo(expected.get("valid").booleanValue());
    if (!report.valid()) {
      assertThatThrownBy(() -> verifier.verifyDiscount(response))
          .as(name)
          .isInstanceOf(StatementRejectedException.class);
      return;
    }
    VerifiedDiscount discount = verifier.verifyDiscount(response);
    JsonNode read =
        discount
            .readAssurance()
            .<JsonNode>map(
                chains -> {
                  var array = new ObjectMapper().createArrayNode();
                  chains.forEach(
                      (chain, assurance) -> {
                        var entry = array.addObject().put("chainId", Integer.parseInt(chain));
                        entry.setAll(
                            (com.fasterxml.jackson.databind.node.ObjectNode) json(assurance));
                      });
                  return array;
                })
            .orElse(com.fasterxml.jackson.databind.node.NullNode.instance);
    assertThat(read).as(name).isEqualTo(expected.get("readAssurance"));
    for (Map.Entry<String, JsonNode> want : expected.get("requireQuorum").properties()) {
      int k = Integer.parseInt(want.getKey());
      if (want.getValue().isNull()) {
        assertThat(discount.requireQuorum(k)).as(name).isSameAs(discount);
      } else {
        assertThatThrownBy(() -> discount.requireQuorum(k))
            .as(name)
            .isInstanceOf(InsufficientAssuranceException.class)
            .hasMessage(want.getValue().asText());
      }
    }
  }

  private static AttestationVerifier verifierOf(JsonNode file) {
    return AttestationVerifier.builder(KeySet.parse(file.get("jwks").toString()))
        .clock(Clock.fixed(Instant.parse(file.get("now").asText()), ZoneOffset.UTC))
        .build();
  }

  private static void checkTrust(AttestationVerifier verifier, String name, JsonNode vector)
      throws Exception {
    JsonNode expected = vector.get("expected");
    String response = vector.get("response").toString();
    TrustProfileReport report = verifier.reportTrustProfile(response);
    assertThat(report.valid()).as(name).isEqualTo(expected.get("valid").booleanValue());
    if (!report.valid()) {
      assertThatThrownBy(() -> verifier.verifyTrustProfile(response))
          .as(name)
          .isInstanceOf(StatementRejectedException.class);
      return;
    }
    VerifiedTrustProfile profile = verifier.verifyTrustProfile(response);
    List<JsonNode> read = new ArrayList<>();
    for (VerifiedTrustCheck check : profile.checks()) {
      read.add(
          check
              .readAssurance()
              .map(ReadAssuranceVectorsTest::json)
              .orElse(com.fasterxml.jackson.databind.node.NullNode.instance));
    }
    assertThat(read).as(name).containsExactlyElementsOf(expected.get("readAssurance"));
    for (Map.Entry<String, JsonNode> want : expected.get("requireQuorum").properties()) {
      int k = Integer.parseInt(want.getKey());
      if (want.getValue().isNull()) {
        assertThat(profile.requireQuorum(k)).as(name).isSameAs(profile);
      } else {
        assertThatThrownBy(() -> profile.requireQuorum(k))
            .as(name)
            .isInstanceOf(InsufficientAssuranceException.class)
            .hasMessage(want.getValue().asText());
      }
    }
  }

  private static void checkAll(Path path, int vectors) throws Exception {
    JsonNode file = new ObjectMapper().readTree(path.toFile());
    AttestationVerifier verifier =
        AttestationVerifier.builder(KeySet.parse(file.get("jwks").toString()))
            .clock(Clock.fixed(Instant.parse(file.get("now").asText()), ZoneOffset.UTC))
            .build();
    assertThat(file.get("vectors").size()).isEqualTo(vectors);
    for (Map.Entry<String, JsonNode> vector : file.get("vectors").properties()) {
      check(verifier, vector.getKey(), vector.getValue());
    }
  }

  /** The assurance as the vectors write it: {@code names} only when the result names providers. */
  private static JsonNode json(ReadAssurance assurance) {
    ObjectNode node =
        JsonNodeFactory.instance
            .objectNode()
            .put("mode", assurance.mode())
            .put("providers", assurance.providers())
            .put("of", assurance.of());
    if (!assurance.names().isEmpty()) {
      assurance.names().forEach(node.putArray("names")::add);
    }
    return node;
  }

  private static void check(AttestationVerifier verifier, String name, JsonNode vector)
      throws AttestationRejectedException {
    JsonNode expected = vector.get("expected");
    String response = vector.get("response").toString();
    VerificationReport report = verifier.report(response);
    assertThat(report.valid()).as(name).isEqualTo(expected.get("valid").booleanValue());
    if (!report.valid()) {
      assertThat(report.failedChecks()).as(name).contains(Check.SIGNATURE);
      assertThatThrownBy(() -> verifier.verify(response))
          .isInstanceOf(AttestationRejectedException.class);
      return;
    }
    VerifiedAttestation attestation = verifier.verify(response);
    List<JsonNode> read = new ArrayList<>();
    for (VerifiedResult result : attestation.results()) {
      Optional<ReadAssurance> assurance = result.readAssurance();
      read.add(
          assurance
              .map(ReadAssuranceVectorsTest::json)
              .orElse(com.fasterxml.jackson.databind.node.NullNode.instance));
    }
    assertThat(read).as(name).containsExactlyElementsOf(expected.get("readAssurance"));
    for (Map.Entry<String, JsonNode> want : expected.get("requireQuorum").properties()) {
      int k = Integer.parseInt(want.getKey());
      if (want.getValue().isNull()) {
        assertThat(attestation.requireQuorum(k)).as(name).isSameAs(attestation);
      } else {
        assertThatThrownBy(() -> attestation.requireQuorum(k))
            .as(name)
            .isInstanceOf(InsufficientAssuranceException.class)
            .hasMessage(want.getValue().asText());
      }
    }
  }
}
