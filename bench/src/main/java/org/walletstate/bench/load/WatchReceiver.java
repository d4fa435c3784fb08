package org.walletstate.bench.load;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The watches' webhook receiver on 127.0.0.1: answers every POST 204 and keeps when each arrived,
 * on which path ({@code /chain/<id>}: the chain of the watch) and its body (the signed
 * attestation).
 */
final class WatchReceiver implements AutoCloseable {

  /**
   * One delivery: its watch's chain and wallet (from the path), when it arrived (nanoTime) and its
   * body.
   */
  record Arrival(long chain, String wallet, long atNanos, String body) {}

  private final HttpServer server;
  private final ExecutorService threads = Executors.newFixedThreadPool(16);
  private final List<Arrival> arrivals = new CopyOnWriteArrayList<>();

  WatchReceiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    server.createContext(
        "/chain/",
        exchange -> {
          long at = System.nanoTime();
          String body =
              new String(
                  exchange.getRequestBody().readAllBytes(),
                  java.nio.charset.StandardCharsets.UTF_8);
          String[] path = exchange.getRequestURI().getPath().split("/");
          arrivals.add(new Arrival(Long.parseLong(path[2]), path[3], at, body));
          exchange.sendResponseHeaders(204, -1);
          exchange.close();
        });
    server.setExecutor(threads);
    server.start();
  }

  URI base() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
  }

  List<Arrival> arrivals() {
    return List.copyOf(arrivals);
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
