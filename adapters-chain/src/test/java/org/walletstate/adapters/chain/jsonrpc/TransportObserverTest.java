package org.walletstate.adapters.chain.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.domain.chain.ChainId;

/**
 * The non-EVM transport tells its observer of every round trip on a provider (named by host and
 * port, never by path or query, where provider API keys live) and of each call's outcome and the
 * provider it ended on.
 */
class TransportObserverTest {

  @Test
  void eachAttempt_isARoundTrip_andTheCallEndsOnTheProviderThatAnswered() throws Exception {
    AtomicInteger hits = new AtomicInteger();
    HttpServer node =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    node.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          boolean fail = hits.incrementAndGet() == 1;
          byte[] body =
              (fail ? "busy" : "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":7}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(fail ? 503 : 200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    node.start();
    List<String> told = new CopyOnWriteArrayList<>();
    ChainCallObserver observer =
        new ChainCallObserver() {
          @Override
          public void called(ChainId chain, Outcome outcome, Duration elapsed, String provider) {
            told.add("call " + chain + " " + outcome.wireName() + " " + provider);
          }

          @Override
          public RoundTrip roundTrip(ChainId chain, String provider, String operation) {
            told.add("start " + operation + " " + provider);
            return failure -> told.add("end " + (failure == null ? "answered" : failure));
          }
        };
    try {
      int port = node.getAddress().getPort();
      URI endpoint = URI.create("http://127.0.0.1:" + port + "/v2/secret-api-key?token=abc");
      JsonRpcChainConfig config =
          new JsonRpcChainConfig(
              ChainId.named("solana"),
              List.of(endpoint),
              Duration.ofSeconds(2),
              3,
              Duration.ofMillis(10),
              Duration.ofMillis(20),
              Duration.ofSeconds(5),
              Duration.ofSeconds(60));
      JsonRpcTransport transport =
          new JsonRpcTransport(
              config, HttpClient.newHttpClient(), Clock.systemUTC(), () -> 0.5, observer);
      int answer =
          transport.call(
              transport.object().put("jsonrpc", "2.0").put("id", 1).put("method", "getSlot"),
              Deadline.after(Clock.systemUTC(), Duration.ofSeconds(5)),
              json -> json.get("result").asInt());

      assertThat(answer).isEqualTo(7);
      String provider = "127.0.0.1:" + port;
      assertThat(told)
          .containsExactly(
              "start exchange " + provider,
              "end HTTP status 503",
              "start exchange " + provider,
              "end answered",
              "call solana retried " + provider);
      assertThat(String.join("\n", told)).doesNotContain("secret-api-key", "token=abc");
    } finally {
      node.stop(0);
    }
  }
}
