package org.walletstate.adapters.http.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.stream.Collectors;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.verifier.AttestationVerifier;

/**
 * The signatures the corpus does not compare, checked instead: every signed 200 answer must pass
 * the verifier SDK in full against the key set the service serves (signature, ML-DSA-65 companion,
 * hashes, expiry) before its signatures are replaced by placeholders. Every signed statement (each
 * trust profile, each batch entry, each discount verification, each attestation) also goes to
 * {@link BothVerifiers} with tampered copies, for the TypeScript verifier to agree with.
 */
final class SignedAnswers {

  private static final ObjectMapper JSON = new ObjectMapper();

  private SignedAnswers() {}

  static void verify(CorpusRequest request, int status, String body, BothVerifiers both) {
    if (status != 200 || request.signed().equals("none")) {
      return;
    }
    AttestationVerifier sdk = Verifier.fromServedKeys();
    switch (request.signed()) {
      case "attestation" -> {
        assertValid(request, sdk.report(body).valid(), sdk.report(body));
        both.add("attestation", request.name(), body);
      }
      case "trust" -> {
        assertValid(request, sdk.reportTrustProfile(body).valid(), sdk.reportTrustProfile(body));
        both.add("trust", request.name(), body);
      }
      case "trustBatch" -> {
        int signed = 0;
        for (JsonNode entry : json(body).path("data").path("results")) {
          if (entry.path("ok").asBoolean(true) && !entry.has("error")) {
            String text = entry.toString();
            assertValid(
                request, sdk.reportTrustProfile(text).valid(), sdk.reportTrustProfile(text));
            signed++;
            both.add("trust", request.name() + " entry " + signed, text);
          }
        }
        assertThat(signed).as("%s: signed entries in data.results", request).isPositive();
      }
      case "discount" -> {
        assertValid(request, sdk.reportDiscount(body).valid(), sdk.reportDiscount(body));
        both.add("discount", request.name(), body);
      }
      case "mcpAttestation" -> {
        JsonNode structured = mcpResult(body).path("structuredContent");
        String envelope = structured.has("data") ? structured.toString() : envelope(structured);
        assertValid(request, sdk.report(envelope).valid(), sdk.report(envelope));
        both.add("attestation", request.name(), envelope);
      }
      default -> throw new IllegalStateException("unknown signed kind " + request.signed());
    }
  }

  private static void assertValid(CorpusRequest request, boolean valid, Object report) {
    assertThat(valid).as("%s: the SDK rejects the signed answer: %s", request, report).isTrue();
  }

  /** The JSON-RPC result of an MCP answer, sent as JSON or as one server-sent event. */
  static JsonNode mcpResult(String body) {
    String text = body.strip();
    if (!text.startsWith("{")) {
      text =
          text.lines()
              .filter(l -> l.startsWith("data:"))
              .map(l -> l.substring(5).trim())
              .collect(Collectors.joining());
    }
    return json(text).path("result");
  }

  private static String envelope(JsonNode data) {
    ObjectNode envelope = JSON.createObjectNode();
    envelope.put("ok", true);
    envelope.set("data", data);
    return envelope.toString();
  }

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
