package org.walletstate.devnet.replay;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/** The JDK HTTP server every replay runs on: a free loopback port, daemon threads. */
final class LoopbackServers {

  private LoopbackServers() {}

  /** A server not started yet, its handler threads daemons named {@code threadName}. */
  static HttpServer create(String threadName) {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.setExecutor(
          Executors.newCachedThreadPool(
              task -> {
                Thread thread = new Thread(task, threadName);
                thread.setDaemon(true);
                return thread;
              }));
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Starts {@code server} with {@code handler} answering every path. */
  static void serve(HttpServer server, HttpHandler handler) {
    server.createContext("/", handler);
    server.start();
  }

  /** Answers {@code exchange} with {@code status} and {@code body} as {@code contentType}. */
  static void send(HttpExchange exchange, int status, String contentType, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** Where clients reach {@code server}. */
  static URI url(HttpServer server) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
  }
}
