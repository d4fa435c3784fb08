package org.walletstate.adapters.http.corpus;

import static io.restassured.RestAssured.given;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.DynamicTest;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;

/**
 * Sends the requests of one corpus file in order, checks the signed answers with the SDK, writes
 * each answer as text (request line, status, the headers a client acts on, the normalised raw body)
 * and compares it with the recorded one.
 */
final class CorpusRunner {

  /** Headers recorded with an answer, when present (in this order). */
  static final List<String> HEADERS =
      List.of("Content-Type", "Retry-After", "WWW-Authenticate", "PAYMENT-RESPONSE", "Allow");

  /** Headers that carry base64 JSON: recorded decoded and normalised. */
  static final List<String> ENCODED_HEADERS = List.of("PAYMENT-REQUIRED");

  private final String feature;
  private final Callers callers;
  private final BothVerifiers both = new BothVerifiers();

  CorpusRunner(String feature, Callers callers) {
    this.feature = feature;
    this.callers = callers;
  }

  /**
   * One dynamic test per request of {@code corpus/requests/<feature>.json}, in file order; when the
   * file has signed answers, a last one that runs both verifiers on them and their tampered copies.
   */
  List<DynamicTest> tests() {
    List<CorpusRequest> requests = CorpusRequest.load(feature, CorpusWallets.values());
    List<DynamicTest> tests = new ArrayList<>();
    requests.forEach(r -> tests.add(DynamicTest.dynamicTest(r.name(), () -> run(r))));
    if (requests.stream().anyMatch(r -> !r.signed().equals("none"))) {
      tests.add(both.agreement(feature));
    }
    return tests;
  }

  private void run(CorpusRequest request) {
    FaultProxy chain10 = DevnetTestResource.chain10();
    chain10.reset();
    if (request.fault() != null) {
      chain10.install(Rule.of(Match.any(), fault(request.fault())));
    }
    Response response;
    try {
      response = send(request);
    } finally {
      chain10.reset();
    }
    String body = response.asString();
    SignedAnswers.verify(request, response.statusCode(), body, both);
    RecordedAnswers.check(feature, request, answerText(request, response, body));
  }

  private static Fault fault(String name) {
    return switch (name) {
      case "chain10-http-502" -> Fault.status(502);
      case "chain10-rpc-error" -> Fault.rpcError(-32603, "internal error");
      default -> throw new IllegalStateException("unknown fault " + name);
    };
  }

  private Response send(CorpusRequest request) {
    RequestSpecification spec = given().urlEncodingEnabled(false);
    callers.headers(request.auth()).forEach(spec::header);
    request.headers().forEach(spec::header);
    if (request.body() != null) {
      if (!request.headers().containsKey("Content-Type")) {
        spec.contentType("application/json");
      }
      spec.body(request.body().getBytes(StandardCharsets.UTF_8));
    }
    return spec.request(request.method(), request.path());
  }

  static String answerText(CorpusRequest request, Response response, String body) {
    StringBuilder text = new StringBuilder();
    text.append(request.method()).append(' ').append(request.path()).append('\n');
    text.append("status: ").append(response.statusCode()).append('\n');
    for (String name : HEADERS) {
      String value = response.header(name);
      if (value != null) {
        if (name.equals("Retry-After") && response.statusCode() == 429) {
          value = "~seconds until the daily reset~";
        }
        text.append(name.toLowerCase(Locale.ROOT)).append(": ").append(value).append('\n');
      }
    }
    for (String name : ENCODED_HEADERS) {
      String value = response.header(name);
      if (value != null) {
        String decoded = new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
        text.append(name.toLowerCase(Locale.ROOT))
            .append(" (decoded): ")
            .append(AnswerNormaliser.normalise(decoded))
            .append('\n');
      }
    }
    return text.append('\n').append(AnswerNormaliser.normalise(body)).append('\n').toString();
  }
}
