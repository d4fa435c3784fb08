package org.walletstate.adapters.http.robustness;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.walletstate.adapters.http.robustness.HostileCase.Expect;

/**
 * Checks an answer against the forms the interface documents (docs/api.md, docs/billing.md) and
 * against what a case allows. Every problem found is returned as a sentence; none means the answer
 * is acceptable.
 */
final class DocumentedShapes {

  private static final Pattern ISO =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");
  private static final String ATTEST = "/v1/attest";

  /** The quoted networks; Solana is offered only where a facilitator settles it. */
  private static final List<String> NETWORKS =
      List.of("eip155:8453", "eip155:137", "eip155:42161", "solana:", "eip155:5042");

  private static final List<String> NETWORKS_WITHOUT_SOLANA =
      NETWORKS.stream().filter(n -> !n.startsWith("solana:")).toList();

  private static final ObjectMapper STRICT =
      JsonMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();

  private DocumentedShapes() {}

  static List<String> problems(Expect expect, Answer answer) {
    List<String> problems = new ArrayList<>();
    if (answer.status() == 0) {
      if (!expect.statuses().contains(0)) {
        problems.add("no answer: " + answer.failure());
      }
      return problems;
    }
    if (answer.status() == 500) {
      problems.add("status 500");
    }
    if (!expect.statuses().contains(answer.status())) {
      problems.add("status " + answer.status() + ", expected one of " + expect.statuses());
    }
    switch (expect.shape()) {
      case ENVELOPE:
        if (answer.status() == 503) {
          rpcFailure(answer, problems);
        } else {
          envelope(answer, expect.mentions(), problems);
        }
        break;
      case QUOTE:
        quote(answer, expect.quotedAmount(), problems);
        break;
      case HEADERS_ONLY:
        if (answer.body().length != 0) {
          problems.add("a HEAD answer with a body");
        }
        if (answer.status() == 402 && answer.header("payment-required") == null) {
          problems.add("a 402 to HEAD without the payment-required header");
        }
        break;
      case ATTESTATION:
        if (answer.status() == 503) {
          rpcFailure(answer, problems);
        } else {
          attestation(answer, problems);
        }
        break;
      default:
        if (answer.body().length > 0) {
          envelope(answer, null, problems);
        }
        break;
    }
    return problems;
  }

  /** The error envelope, with {@code error.code} equal to the status. */
  static void envelope(Answer answer, String mentions, List<String> problems) {
    JsonNode body = json(answer, problems);
    if (body == null) {
      return;
    }
    expectFields(body, Set.of("ok", "error", "meta"), problems);
    if (!body.path("ok").isBoolean() || body.path("ok").asBoolean()) {
      problems.add("ok is not false");
    }
    JsonNode error = body.path("error");
    if (!error.path("code").isInt() || error.path("code").asInt() != answer.status()) {
      problems.add("error.code " + error.path("code") + " is not the status " + answer.status());
    }
    JsonNode message = error.path("message");
    if (!message.isTextual() || message.asText().isBlank()) {
      problems.add("error.message is missing or blank");
    } else if (mentions != null && !message.asText().contains(mentions)) {
      problems.add(
          "message does not mention \"" + mentions + "\": " + abbreviate(message.asText()));
    }
    meta(body, problems);
    if (answer.status() == 429 && answer.header("retry-after") == null) {
      problems.add("a 429 without Retry-After");
    }
    if (answer.status() == 405 && answer.header("allow") == null) {
      problems.add("a 405 without Allow");
    }
  }

  /** The x402 quote: no envelope, five settlement networks in order, one amount. */
  static void quote(Answer answer, String amount, List<String> problems) {
    JsonNode body = json(answer, problems);
    if (body == null) {
      return;
    }
    if (body.has("ok") || body.has("meta")) {
      problems.add("a quote in an envelope");
    }
    if (!body.path("x402Version").isInt()) {
      problems.add("x402Version is not an integer");
    }
    if (!body.path("error").isTextual() || body.path("error").asText().isBlank()) {
      problems.add("quote error text missing");
    }
    JsonNode resource = body.path("resource");
    if (!"POST".equals(resource.path("method").asText())
        || !resource.path("url").asText().endsWith(ATTEST)) {
      problems.add("quote resource is not POST " + ATTEST + ": " + resource);
    }
    JsonNode accepts = body.path("accepts");
    List<String> networks = accepts.size() == NETWORKS.size() ? NETWORKS : NETWORKS_WITHOUT_SOLANA;
    if (!accepts.isArray() || accepts.size() != networks.size()) {
      problems.add("accepts is not " + networks.size() + " entries: " + accepts);
      return;
    }
    for (int i = 0; i < networks.size(); i++) {
      JsonNode entry = accepts.get(i);
      if (!entry.path("network").asText().startsWith(networks.get(i))) {
        problems.add("accepts[" + i + "] network " + entry.path("network"));
      }
      if (amount != null && !amount.equals(entry.path("amount").asText())) {
        problems.add("accepts[" + i + "] amount " + entry.path("amount") + ", expected " + amount);
      }
    }
    String header = answer.header("payment-required");
    if (header == null) {
      problems.add("quote without the payment-required header");
    } else {
      try {
        JsonNode decoded = STRICT.readTree(Base64.getDecoder().decode(header));
        if (!decoded.equals(body)) {
          problems.add("payment-required header differs from the body");
        }
      } catch (IOException | IllegalArgumentException e) {
        problems.add("payment-required header is not base64 JSON: " + e.getMessage());
      }
    }
  }

  /** A charged, signed 200. */
  static void attestation(Answer answer, List<String> problems) {
    JsonNode body = json(answer, problems);
    if (body == null) {
      return;
    }
    if (!body.path("ok").asBoolean(false)) {
      problems.add("ok is not true");
    }
    if (!body.path("data").path("attestation").path("id").asText().startsWith("ATST-")) {
      problems.add("no attestation id");
    }
    if (body.path("meta").path("creditsCharged").asLong(-1) != 1) {
      problems.add("creditsCharged " + body.path("meta").path("creditsCharged") + ", expected 1");
    }
    if (body.path("meta").path("creditsRemaining").asLong(-1) < 0) {
      problems.add("creditsRemaining " + body.path("meta").path("creditsRemaining"));
    }
    meta(body, problems);
  }

  /** The documented 503 refusal of an incomplete read. */
  static void rpcFailure(Answer answer, List<String> problems) {
    JsonNode body = json(answer, problems);
    if (body == null) {
      return;
    }
    if (!"rpc_failure".equals(body.path("error").path("code").asText())) {
      problems.add("a 503 that is not rpc_failure: " + body.path("error"));
    }
    if (!body.path("error").path("failedConditions").isArray()
        || body.path("error").path("failedConditions").isEmpty()) {
      problems.add("rpc_failure without failedConditions");
    }
    if (answer.header("retry-after") == null) {
      problems.add("rpc_failure without Retry-After");
    }
    meta(body, problems);
  }

  private static void meta(JsonNode body, List<String> problems) {
    JsonNode meta = body.path("meta");
    if (!"1.0".equals(meta.path("version").asText())) {
      problems.add("meta.version " + meta.path("version"));
    }
    if (!ISO.matcher(meta.path("timestamp").asText()).matches()) {
      problems.add("meta.timestamp " + meta.path("timestamp"));
    }
  }

  static JsonNode json(Answer answer, List<String> problems) {
    String type = answer.header("content-type");
    if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
      problems.add("Content-Type " + type + ", body: " + abbreviate(text(answer)));
      return null;
    }
    try {
      JsonNode node = STRICT.readTree(answer.body());
      if (node == null || !node.isObject()) {
        problems.add("body is not a JSON object: " + abbreviate(text(answer)));
        return null;
      }
      return node;
    } catch (IOException e) {
      problems.add("body is not JSON: " + abbreviate(text(answer)));
      return null;
    }
  }

  private static void expectFields(JsonNode body, Set<String> allowed, List<String> problems) {
    body.fieldNames()
        .forEachRemaining(
            name -> {
              if (!allowed.contains(name)) {
                problems.add("unexpected member " + name);
              }
            });
  }

  static String text(Answer answer) {
    return new String(answer.body(), StandardCharsets.UTF_8);
  }

  private static String abbreviate(String s) {
    return s.length() > 300 ? s.substring(0, 300) + "…" : s;
  }
}
