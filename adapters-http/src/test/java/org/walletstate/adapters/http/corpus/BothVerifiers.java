package org.walletstate.adapters.http.corpus;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.DynamicTest;
import org.walletstate.adapters.http.verifiers.LiveAnswersBothVerifiersTest;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.StatementReport;

/**
 * The corpus's signed answers through both verifiers (the Java SDK and the TypeScript package in
 * {@code verifier-sdk/js}): each signed statement as issued and tampered copies of it (a flipped
 * flag and an edited expiry inside the signed statement, a signature of another byte, an edited
 * ML-DSA-65 companion, an unknown kid, the signature removed). The Java SDK must accept the one as
 * issued and reject every copy, and the TypeScript package must agree on every verdict and reason.
 */
final class BothVerifiers {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final ArrayNode cases = JSON.createArrayNode();
  private final Instant now = Instant.now();
  private String jwks;
  private AttestationVerifier java;

  /** Adds one signed statement ({@code kind} attestation, trust or discount) and its copies. */
  void add(String kind, String label, String text) {
    if (java == null) {
      jwks = given().get("/v1/jwks").asString();
      java =
          AttestationVerifier.builder(KeySet.parse(jwks))
              .clock(Clock.fixed(now, ZoneOffset.UTC))
              .pqRequiredFrom(LiveAnswersBothVerifiersTest.PQ_REQUIRED_FROM)
              .build();
    }
    StatementReport asIssued = report(kind, text);
    assertThat(asIssued.valid()).as("%s as issued: %s", label, asIssued).isTrue();
    add(kind, label, text, asIssued);
    for (Map.Entry<String, Consumer<ObjectNode>> edit : EDITS.entrySet()) {
      ObjectNode copy = (ObjectNode) json(text);
      ObjectNode holder = holder(copy);
      if (edit.getKey().startsWith("pqSig") && !holder.has("pqSig")) {
        continue;
      }
      edit.getValue().accept(holder);
      String tampered = copy.toString();
      StatementReport report = report(kind, tampered);
      String name = label + ": " + edit.getKey();
      assertThat(report.valid()).as("%s: %s", name, report).isFalse();
      add(kind, name, tampered, report);
    }
  }

  /** The last test of a corpus file: both verifiers on every signed statement it added. */
  DynamicTest agreement(String feature) {
    return DynamicTest.dynamicTest(
        "both verifiers agree on the signed answers of " + feature,
        () -> {
          assertThat(cases).as("signed statements of %s", feature).isNotEmpty();
          String printed = LiveAnswersBothVerifiersTest.agree(jwks, cases);
          assertThat(printed).contains("agree: " + cases.size() + " passed, 0 failed");
        });
  }

  private StatementReport report(String kind, String text) {
    return switch (kind) {
      case "attestation" -> java.report(text);
      case "trust" -> java.reportTrustProfile(text);
      case "discount" -> java.reportDiscount(text);
      default -> throw new IllegalStateException("unknown kind " + kind);
    };
  }

  private void add(String kind, String label, String text, StatementReport report) {
    try {
      LiveAnswersBothVerifiersTest.add(cases, label, kind, text, null, report, now);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static final Map<String, Consumer<ObjectNode>> EDITS = edits();

  private static Map<String, Consumer<ObjectNode>> edits() {
    Map<String, Consumer<ObjectNode>> edits = new LinkedHashMap<>();
    edits.put("flag flipped", h -> flipFirstBoolean(statement(h)));
    edits.put("expiresAt extended", h -> statement(h).put("expiresAt", "2099-01-01T00:00:00.000Z"));
    edits.put("sig of another byte", h -> h.put("sig", flipFirst(h.get("sig").asText())));
    edits.put("pqSig edited", h -> h.put("pqSig", flipFirst(h.get("pqSig").asText())));
    edits.put("kid unknown", h -> h.put("kid", "service-unknown-v9"));
    edits.put("sig removed", h -> h.remove("sig"));
    return edits;
  }

  /** The object that carries {@code sig}: the answer's data, a batch entry, a verification. */
  private static ObjectNode holder(ObjectNode node) {
    if (node.has("sig")) {
      return node;
    }
    for (JsonNode child : node) {
      if (child instanceof ObjectNode object) {
        ObjectNode found = holderOrNull(object);
        if (found != null) {
          return found;
        }
      }
    }
    throw new IllegalStateException("no signed object in " + node);
  }

  private static ObjectNode holderOrNull(ObjectNode node) {
    try {
      return holder(node);
    } catch (IllegalStateException e) {
      return null;
    }
  }

  /** The signed statement of a holder: its attestation, trust or discount member. */
  private static ObjectNode statement(ObjectNode holder) {
    for (String name : new String[] {"attestation", "trust", "discount"}) {
      if (holder.get(name) instanceof ObjectNode statement) {
        return statement;
      }
    }
    throw new IllegalStateException("no statement in " + holder);
  }

  /** Flips the first boolean met depth-first (pass, met, verified ...). */
  private static void flipFirstBoolean(ObjectNode node) {
    assertThat(flip(node)).as("a boolean in %s", node).isTrue();
  }

  private static boolean flip(JsonNode node) {
    if (node instanceof ObjectNode object) {
      for (Map.Entry<String, JsonNode> field : object.properties()) {
        if (field.getValue().isBoolean()) {
          object.put(field.getKey(), !field.getValue().asBoolean());
          return true;
        }
        if (flip(field.getValue())) {
          return true;
        }
      }
    } else if (node instanceof ArrayNode array) {
      for (JsonNode item : array) {
        if (flip(item)) {
          return true;
        }
      }
    }
    return false;
  }

  private static String flipFirst(String base64) {
    return (base64.charAt(0) == 'A' ? "B" : "A") + base64.substring(1);
  }

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
