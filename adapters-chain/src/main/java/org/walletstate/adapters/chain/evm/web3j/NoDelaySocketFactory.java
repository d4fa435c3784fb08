package org.walletstate.adapters.chain.evm.web3j;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * Sockets with Nagle's algorithm off ({@code TCP_NODELAY}), for the JSON-RPC clients. OkHttp leaves
 * it on, and a request body larger than one TCP segment (a trust batch's {@code aggregate3} call
 * data is tens to hundreds of KB per chain) then ends with a short segment that waits for the
 * acknowledgement of the previous one, which the node delays: tens of milliseconds per request on
 * loopback, measured ({@code docs/performance.md}, "Trust profiles"). {@code java.net.http} turns
 * it off for every connection, and so do these clients. Plain TCP and TLS alike: the TLS socket is
 * layered over one of these.
 */
public final class NoDelaySocketFactory extends SocketFactory {

  private static final NoDelaySocketFactory INSTANCE = new NoDelaySocketFactory();

  private final SocketFactory sockets = SocketFactory.getDefault();

  private NoDelaySocketFactory() {}

  public static NoDelaySocketFactory instance() {
    return INSTANCE;
  }

  // One override per SocketFactory method, alike by design: each creates its socket as asked and
  // sets no delay on it.
  @Override
  public Socket createSocket() throws IOException {
    return noDelay(sockets.createSocket());
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return noDelay(sockets.createSocket(host, port));
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    return noDelay(sockets.createSocket(host, port, localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return noDelay(sockets.createSocket(host, port));
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return noDelay(sockets.createSocket(address, port, localAddress, localPort));
  }

  private static Socket noDelay(Socket socket) throws IOException {
    socket.setTcpNoDelay(true);
    return socket;
  }
}
