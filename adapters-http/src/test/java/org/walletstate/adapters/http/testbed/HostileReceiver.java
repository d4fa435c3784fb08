package org.walletstate.adapters.http.testbed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A webhook receiver on 127.0.0.1 that never answers as HTTP: {@link #hanging()} reads each request
 * and then holds the connection open without a byte of answer until it is closed; {@link
 * #resetting()} reads each request's head and resets the connection (TCP RST: linger 0, then
 * close).
 */
public final class HostileReceiver implements AutoCloseable {

  private final ServerSocket server;
  private final boolean reset;
  private final AtomicInteger requests = new AtomicInteger();
  private final List<Socket> held = new CopyOnWriteArrayList<>();

  private HostileReceiver(boolean reset) {
    this.reset = reset;
    try {
      server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Thread accepting = new Thread(this::accept, "hostile-receiver-" + server.getLocalPort());
    accepting.setDaemon(true);
    accepting.start();
  }

  /** Reads each request, never answers, keeps the connection open until {@link #close}. */
  public static HostileReceiver hanging() {
    return new HostileReceiver(false);
  }

  /** Reads each request's head, then resets the connection. */
  public static HostileReceiver resetting() {
    return new HostileReceiver(true);
  }

  /** The URL deliveries go to. */
  public String url() {
    return "http://127.0.0.1:" + server.getLocalPort() + "/hook";
  }

  /** The requests whose head arrived. */
  public int requests() {
    return requests.get();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        held.add(socket);
        Thread one = new Thread(() -> serve(socket), "hostile-connection");
        one.setDaemon(true);
        one.start();
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void serve(Socket socket) {
    try {
      readHead(socket.getInputStream());
      requests.incrementAndGet();
      if (reset) {
        socket.setSoLinger(true, 0);
        socket.close();
      }
      // hanging: nothing is written; the socket stays open until close()
    } catch (IOException e) {
      // the client gave up: nothing to do
    }
  }

  /** Reads up to the blank line that ends an HTTP request's head. */
  private static void readHead(InputStream in) throws IOException {
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < end.length) {
      int b = in.read();
      if (b < 0) {
        throw new SocketException("closed before the end of the request's head");
      }
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException e) {
      // closing anyway
    }
    for (Socket socket : held) {
      try {
        socket.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }
}
