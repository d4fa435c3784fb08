package org.walletstate.adapters.chain.evm.web3j;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/** The shared HTTP client keeps a connection to every node a call reads, for the next call. */
class Web3jConnectionsTest {

  /** More nodes than OkHttp's default pool keeps idle (5), as a trust profile reads 23 chains. */
  private static final int NODES = 12;

  @Test
  void aSecondRoundToEveryNode_reusesTheFirstRoundsConnections() throws Exception {
    List<HttpServer> nodes = new ArrayList<>();
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    AtomicInteger connects = new AtomicInteger();
    try (Web3jConnections connections = Web3jConnections.open(32, timer)) {
      for (int i = 0; i < NODES; i++) {
        nodes.add(node());
      }
      OkHttpClient counted =
          connections
              .http()
              .newBuilder()
              .eventListener(
                  new EventListener() {
                    @Override
                    public void connectStart(Call call, InetSocketAddress address, Proxy proxy) {
                      connects.incrementAndGet();
                    }
                  })
              .build();
      roundTo(nodes, counted);
      assertThat(connects.get()).as("the first round connects to every node").isEqualTo(NODES);
      roundTo(nodes, counted);
      assertThat(connects.get()).as("the second round connects to none").isEqualTo(NODES);
    } finally {
      timer.shutdownNow();
      nodes.forEach(node -> node.stop(0));
    }
  }

  private static void roundTo(List<HttpServer> nodes, OkHttpClient client) throws IOException {
    for (HttpServer node : nodes) {
      Request request =
          new Request.Builder()
              .url(url(node))
              .post(
                  RequestBody.create(
                      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_chainId\",\"params\":[]}",
                      MediaType.get("application/json")))
              .build();
      try (Response response = client.newCall(request).execute()) {
        assertThat(response.code()).isEqualTo(200);
        assertThat(response.body().string()).contains("\"result\"");
      }
    }
  }

  /** The URL of a local {@code node}. */
  static String url(HttpServer node) {
    return "http://" + node.getAddress().getHostString() + ":" + node.getAddress().getPort() + "/";
  }

  /** A local JSON-RPC node answering {@code 0x1} to every request, on a free loopback port. */
  static HttpServer node() throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          byte[] answer =
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"}".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, answer.length);
          exchange.getResponseBody().write(answer);
          exchange.close();
        });
    server.start();
    return server;
  }
}
