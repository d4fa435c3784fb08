package org.walletstate.adapters.chain.evm.web3j;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.EventListener;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/**
 * The JSON-RPC clients' connections have Nagle's algorithm off: with it on, a request body of more
 * than one segment (a trust batch's call data) waits on the node's delayed acknowledgement.
 */
class NoDelaySocketFactoryTest {

  @Test
  void everySocketItMakes_hasNagleOff() throws IOException {
    NoDelaySocketFactory factory = NoDelaySocketFactory.instance();
    InetAddress loopback = InetAddress.getLoopbackAddress();
    try (ServerSocket server = new ServerSocket(0, 50, loopback)) {
      int port = server.getLocalPort();
      List<Socket> sockets = new ArrayList<>();
      try {
        sockets.add(factory.createSocket());
        sockets.add(factory.createSocket(loopback.getHostAddress(), port));
        sockets.add(factory.createSocket(loopback.getHostAddress(), port, loopback, 0));
        sockets.add(factory.createSocket(loopback, port));
        sockets.add(factory.createSocket(loopback, port, loopback, 0));
        for (Socket socket : sockets) {
          assertThat(socket.getTcpNoDelay()).as(socket.toString()).isTrue();
        }
        assertThat(sockets.subList(1, sockets.size())).allMatch(Socket::isConnected);
      } finally {
        for (Socket socket : sockets) {
          socket.close();
        }
      }
    }
  }

  @Test
  void theEndpointClientsConnections_haveNagleOff() throws Exception {
    HttpServer server = Web3jConnectionsTest.node();
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    List<Boolean> noDelay = new ArrayList<>();
    try (Web3jConnections connections = Web3jConnections.open(2, timer)) {
      // a body of several segments, as a batch's call data is
      byte[] body = new byte[200_000];
      java.util.Arrays.fill(body, (byte) 'a');
      Request request =
          new Request.Builder()
              .url(Web3jConnectionsTest.url(server))
              .post(RequestBody.create(body, MediaType.get("application/json")))
              .build();
      try (Response response =
          connections
              .http()
              .newBuilder()
              .eventListener(
                  new EventListener() {
                    @Override
                    public void connectionAcquired(Call call, Connection connection) {
                      try {
                        noDelay.add(connection.socket().getTcpNoDelay());
                      } catch (IOException e) {
                        throw new IllegalStateException(e);
                      }
                    }
                  })
              .build()
              .newCall(request)
              .execute()) {
        assertThat(response.code()).isEqualTo(200);
      }
    } finally {
      timer.shutdownNow();
      server.stop(0);
    }
    assertThat(noDelay).containsExactly(true);
  }
}
