package org.walletstate.adapters.http.robustness;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 exchange over a plain socket: the request bytes go out exactly as given, and the
 * first final answer is read back (interim 1xx answers are skipped). The request should ask for
 * {@code Connection: close}; the answer ends at its declared length or when the server closes.
 */
final class RawHttp {

  private RawHttp() {}

  static Answer exchange(int port, byte[] request, Duration timeout) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      socket.setSoTimeout((int) timeout.toMillis());
      String writeFailure = null;
      try {
        OutputStream out = socket.getOutputStream();
        out.write(request);
        out.flush();
      } catch (IOException e) {
        // the server may answer and close before it has read everything (413, 431)
        writeFailure = e.toString();
      }
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      InputStream in = socket.getInputStream();
      byte[] buffer = new byte[16 * 1024];
      String readFailure = null;
      while (true) {
        Answer complete = parse(received.toByteArray(), false);
        if (complete != null) {
          return complete;
        }
        int n;
        try {
          n = in.read(buffer);
        } catch (IOException e) {
          readFailure = e.toString();
          break;
        }
        if (n < 0) {
          break;
        }
        received.write(buffer, 0, n);
      }
      Answer last = parse(received.toByteArray(), true);
      if (last != null) {
        return last;
      }
      return Answer.none(
          "no answer ("
              + received.size()
              + " bytes; read: "
              + readFailure
              + "; write: "
              + writeFailure
              + ")");
    } catch (IOException e) {
      return Answer.none(e.toString());
    }
  }

  /**
   * The first final answer in {@code bytes}, or null while it is incomplete. At end of stream an
   * answer without a declared length ends with the bytes.
   */
  static Answer parse(byte[] bytes, boolean endOfStream) {
    int start = 0;
    while (true) {
      int headEnd = indexOf(bytes, start, "\r\n\r\n");
      if (headEnd < 0) {
        return null;
      }
      String head = new String(bytes, start, headEnd - start, StandardCharsets.ISO_8859_1);
      String[] lines = head.split("\r\n");
      String[] statusLine = lines[0].split(" ", 3);
      if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/")) {
        return endOfStream ? Answer.none("not an HTTP answer: " + lines[0]) : null;
      }
      int status;
      try {
        status = Integer.parseInt(statusLine[1]);
      } catch (NumberFormatException e) {
        return Answer.none("bad status line: " + lines[0]);
      }
      Map<String, List<String>> headers = new LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          headers
              .computeIfAbsent(
                  lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                  n -> new ArrayList<>())
              .add(lines[i].substring(colon + 1).trim());
        }
      }
      int bodyStart = headEnd + 4;
      if (status >= 100 && status < 200) {
        start = bodyStart;
        continue;
      }
      List<String> length = headers.get("content-length");
      List<String> encoding = headers.get("transfer-encoding");
      if (encoding != null && encoding.get(0).toLowerCase(Locale.ROOT).contains("chunked")) {
        byte[] body = dechunk(bytes, bodyStart);
        if (body == null) {
          return endOfStream ? Answer.none("incomplete chunked answer") : null;
        }
        return new Answer(status, headers, body, null);
      }
      if (length != null) {
        int declared = Integer.parseInt(length.get(0));
        if (bytes.length - bodyStart < declared) {
          return endOfStream ? Answer.none("answer shorter than its Content-Length") : null;
        }
        byte[] body = new byte[declared];
        System.arraycopy(bytes, bodyStart, body, 0, declared);
        return new Answer(status, headers, body, null);
      }
      if (!endOfStream) {
        return null;
      }
      byte[] body = new byte[bytes.length - bodyStart];
      System.arraycopy(bytes, bodyStart, body, 0, body.length);
      return new Answer(status, headers, body, null);
    }
  }

  private static byte[] dechunk(byte[] bytes, int from) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    int at = from;
    while (true) {
      int lineEnd = indexOf(bytes, at, "\r\n");
      if (lineEnd < 0) {
        return null;
      }
      String sizeText = new String(bytes, at, lineEnd - at, StandardCharsets.ISO_8859_1).trim();
      int semicolon = sizeText.indexOf(';');
      int size = Integer.parseInt(semicolon < 0 ? sizeText : sizeText.substring(0, semicolon), 16);
      at = lineEnd + 2;
      if (size == 0) {
        return body.toByteArray();
      }
      if (bytes.length < at + size + 2) {
        return null;
      }
      body.write(bytes, at, size);
      at += size + 2;
    }
  }

  private static int indexOf(byte[] bytes, int from, String pattern) {
    byte[] p = pattern.getBytes(StandardCharsets.ISO_8859_1);
    outer:
    for (int i = from; i <= bytes.length - p.length; i++) {
      for (int k = 0; k < p.length; k++) {
        if (bytes[i + k] != p[k]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
