package org.walletstate.bench.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The HTTP side of the load drivers: one HTTP/1.1 client as every driver configures it, a keyed
 * JSON {@code POST} to the service, and an operation that sends a request and fails on any answer
 * but 200.
 */
final class ServiceCalls {

  private ServiceCalls() {}

  /** An HTTP/1.1 client with a 5 s connect timeout. */
  static HttpClient client() {
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .build();
  }

  /** {@code POST path} with {@code body} as JSON under API key {@code key}, 60 s timeout. */
  static HttpRequest keyedPost(URI base, String path, String key, String body) {
    return HttpRequest.newBuilder(base.resolve(path))
        .header("X-API-Key", key)
        .header("Content-Type", "application/json")
        .timeout(Duration.ofSeconds(60))
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  /** {@code requests} one after the other, from the first again after the last. */
  static Supplier<HttpRequest> inTurn(List<HttpRequest> requests) {
    List<HttpRequest> all = List.copyOf(requests);
    AtomicInteger next = new AtomicInteger();
    return () -> all.get(Math.floorMod(next.getAndIncrement(), all.size()));
  }

  /** Sends {@code request}; an answer other than 200 fails with its status and body. */
  static LoadRun.Operation expectingOk(HttpClient http, HttpRequest request) {
    return expectingOk(http, List.of(request));
  }

  /** Sends {@code requests} in turn, one a call; an answer other than 200 fails as above. */
  static LoadRun.Operation expectingOk(HttpClient http, List<HttpRequest> requests) {
    Supplier<HttpRequest> next = inTurn(requests);
    return () -> sendOk(http, next.get());
  }

  /** Sends {@code request} and returns its answer; an answer other than 200 fails as above. */
  static HttpResponse<byte[]> sendOk(HttpClient http, HttpRequest request)
      throws IOException, InterruptedException {
    HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "HTTP "
              + response.statusCode()
              + ": "
              + new String(response.body(), StandardCharsets.UTF_8));
    }
    return response;
  }
}
