package org.walletstate.adapters.http.robustness;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.adapters.http.robustness.HostileCase.Header;

/**
 * One exchange of a campaign through the JDK's client: the request as the case gives it, the answer
 * as an {@link Answer} (a request the client cannot send, or an exchange that fails, is an answer
 * without a status).
 */
final class JdkExchange {

  private JdkExchange() {}

  /** A failed case's report line: the case, the request, what was wrong and the answer. */
  static String failure(
      int index,
      String kind,
      String description,
      HostileCase.Http request,
      List<String> problems,
      Answer answer) {
    return "case "
        + index
        + " ("
        + kind
        + ", "
        + description
        + ") "
        + request.method()
        + " "
        + request.target()
        + " "
        + new String(request.body(), StandardCharsets.UTF_8)
        + ": "
        + problems
        + " answer "
        + new String(answer.body() == null ? new byte[0] : answer.body(), StandardCharsets.UTF_8);
  }

  /**
   * A JSON request with the key, when one is given: a body-less GET carries no {@code
   * Content-Type}.
   */
  static HostileCase.Http json(String method, String path, String body, String key) {
    List<Header> headers = new ArrayList<>();
    if (!method.equals("GET")) {
      headers.add(new Header("Content-Type", "application/json"));
    }
    if (key != null) {
      headers.add(new Header("X-API-Key", key));
    }
    return new HostileCase.Http(method, path, headers, body.getBytes(StandardCharsets.UTF_8));
  }

  /** Sends {@code http} to the service at {@code root}, within a minute. */
  static Answer send(HttpClient client, URI root, HostileCase.Http http) {
    HttpRequest.Builder request;
    try {
      request = HttpRequest.newBuilder(root.resolve(http.target())).timeout(Duration.ofSeconds(60));
    } catch (IllegalArgumentException e) {
      return Answer.none("bad target " + http.target());
    }
    for (Header header : http.headers()) {
      request.header(header.name(), header.value());
    }
    // a POST always carries its (possibly empty) body, so it states its length
    boolean bodiless = http.body().length == 0 && !http.method().equals("POST");
    request.method(
        http.method(),
        bodiless
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(http.body()));
    try {
      HttpResponse<byte[]> response =
          client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      return new Answer(
          response.statusCode(), Answer.lowerCase(response.headers().map()), response.body(), null);
    } catch (IOException e) {
      return Answer.none(e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Answer.none("interrupted");
    }
  }
}
