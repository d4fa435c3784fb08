package org.walletstate.adapters.http.testbed;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A DNS server on 127.0.0.1 (UDP, a free port) answering A and TXT questions from records a test
 * sets; any other name or type is answered with no records (NXDOMAIN for unknown names). Enough of
 * RFC 1035 for a resolver to ask and understand: one question, answers by compression pointer.
 */
public final class LocalDns implements AutoCloseable {

  private static final int A = 1;
  private static final int TXT = 16;

  private final DatagramSocket socket;
  private final Map<String, List<String>> a = new ConcurrentHashMap<>();
  private final Map<String, List<String>> txt = new ConcurrentHashMap<>();
  private final Thread loop;

  public LocalDns() {
    try {
      socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    } catch (SocketException e) {
      throw new IllegalStateException(e);
    }
    loop = new Thread(this::serve, "local-dns");
    loop.setDaemon(true);
    loop.start();
  }

  public int port() {
    return socket.getLocalPort();
  }

  /** The name resolves to these IPv4 addresses. */
  public void a(String name, String... addresses) {
    a.put(name.toLowerCase(Locale.ROOT), List.of(addresses));
  }

  /** The name has these TXT records. */
  public void txt(String name, String... records) {
    txt.put(name.toLowerCase(Locale.ROOT), List.of(records));
  }

  public void clearTxt(String name) {
    txt.remove(name.toLowerCase(Locale.ROOT));
  }

  private void serve() {
    byte[] buffer = new byte[1500];
    while (!socket.isClosed()) {
      try {
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        socket.receive(packet);
        byte[] answer = answer(packet.getData(), packet.getLength());
        if (answer != null) {
          socket.send(new DatagramPacket(answer, answer.length, packet.getSocketAddress()));
        }
      } catch (IOException | RuntimeException e) {
        if (socket.isClosed()) {
          return;
        }
      }
    }
  }

  private byte[] answer(byte[] q, int length) {
    if (length < 12) {
      return null;
    }
    int at = 12;
    StringBuilder name = new StringBuilder();
    while (at < length && q[at] != 0) {
      int len = q[at] & 0xff;
      if (name.length() > 0) {
        name.append('.');
      }
      name.append(new String(q, at + 1, len, StandardCharsets.US_ASCII));
      at += len + 1;
    }
    at++; // the root label
    int type = ((q[at] & 0xff) << 8) | (q[at + 1] & 0xff);
    int questionEnd = at + 4;
    String key = name.toString().toLowerCase(Locale.ROOT);
    boolean known = a.containsKey(key) || txt.containsKey(key);
    List<String> records =
        type == A
            ? a.getOrDefault(key, List.of())
            : type == TXT ? txt.getOrDefault(key, List.of()) : List.of();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(q[0]);
    out.write(q[1]);
    out.write(0x81); // response, recursion desired
    out.write(known ? 0x80 : 0x83); // recursion available; NXDOMAIN when unknown
    out.writeBytes(new byte[] {0, 1, 0, (byte) records.size(), 0, 0, 0, 0});
    out.write(q, 12, questionEnd - 12);
    for (String record : records) {
      out.writeBytes(new byte[] {(byte) 0xc0, 12, 0, (byte) type, 0, 1, 0, 0, 0, 60});
      byte[] data;
      if (type == A) {
        try {
          data = InetAddress.getByName(record).getAddress();
        } catch (IOException e) {
          throw new IllegalArgumentException(e);
        }
      } else {
        byte[] text = record.getBytes(StandardCharsets.US_ASCII);
        data = new byte[text.length + 1];
        data[0] = (byte) text.length;
        System.arraycopy(text, 0, data, 1, text.length);
      }
      out.write(data.length >> 8);
      out.write(data.length & 0xff);
      out.writeBytes(data);
    }
    return out.toByteArray();
  }

  @Override
  public void close() {
    socket.close();
  }
}
