package org.walletstate.devnet.replay;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.URI;

/**
 * What every replay server shares: its JDK server on a free loopback port, from {@link #listening}
 * until {@link #close()}, and how it gives a test's {@link Reply}.
 */
abstract class LoopbackReplay implements AutoCloseable {

  private final HttpServer server;
  private final String contentType;

  /** A server not listening yet; its handler threads are named {@code threadName}. */
  LoopbackReplay(String threadName, String contentType) {
    this.server = LoopbackServers.create(threadName);
    this.contentType = contentType;
  }

  /** {@code replay}, answering every path with its {@link #handle} from now on. */
  static <R extends LoopbackReplay> R listening(R replay) {
    LoopbackReplay server = replay;
    LoopbackServers.serve(server.server, server::handle);
    return replay;
  }

  /** Answers one request. */
  abstract void handle(HttpExchange exchange) throws IOException;

  public URI url() {
    return LoopbackServers.url(server);
  }

  /**
   * Gives {@code reply}: after its delay, then its status and body, or the connection closed
   * without a status line when it is a drop.
   */
  final void answer(HttpExchange exchange, Reply reply) throws IOException {
    if (!reply.delay().isZero()) {
      try {
        Thread.sleep(reply.delay().toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    if (reply.drop()) {
      return;
    }
    send(exchange, reply.status(), reply.body());
  }

  /** Answers {@code exchange} with {@code status} and {@code body} in the server's content type. */
  void send(HttpExchange exchange, int status, String body) throws IOException {
    LoopbackServers.send(exchange, status, contentType, body);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
