package org.walletstate.adapters.http.testbed;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A webhook receiver on 127.0.0.1 for watches: records every request (headers and body) and answers
 * 500 to the first {@code failures} of them, 204 after.
 */
public final class WebhookReceiver implements AutoCloseable {

  /** One request as received. */
  public record Received(Map<String, String> headers, String body, int answered) {}

  private final HttpServer server;
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final AtomicInteger failuresLeft;

  public WebhookReceiver(int failures) {
    this.failuresLeft = new AtomicInteger(failures);
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext(
        "/",
        exchange -> {
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          int status = failuresLeft.getAndDecrement() > 0 ? 500 : 204;
          Map<String, String> headers = new java.util.TreeMap<>();
          exchange
              .getRequestHeaders()
              .forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v.get(0)));
          received.add(new Received(headers, body, status));
          exchange.sendResponseHeaders(status, -1);
          exchange.close();
        });
    server.start();
  }

  /** The URL deliveries go to. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
  }

  public List<Received> received() {
    return List.copyOf(received);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
