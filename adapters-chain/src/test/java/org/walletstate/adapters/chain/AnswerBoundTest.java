package org.walletstate.adapters.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.chain.FailureKind;

/**
 * The answer bound over real HTTP exchanges (a local server), with and without a declared length:
 * an answer at the bound is read whole, one byte more fails, and the server is not read to its end.
 */
class AnswerBoundTest {

  private static final int BOUND = 64 * 1024;

  private HttpServer server;
  private final AtomicLong written = new AtomicLong();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          String[] query = exchange.getRequestURI().getQuery().split("&");
          long size = Long.parseLong(query[0]);
          boolean chunked = query.length > 1;
          exchange.sendResponseHeaders(200, chunked ? 0 : size);
          byte[] block = new byte[8192];
          Arrays.fill(block, (byte) 'a');
          try (OutputStream out = exchange.getResponseBody()) {
            for (long left = size; left > 0; left -= block.length) {
              int n = (int) Math.min(block.length, left);
              out.write(block, 0, n);
              written.addAndGet(n);
            }
          } catch (IOException dropped) {
            // the client stopped reading
          }
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private String get(long size, boolean chunked) throws Exception {
    URI uri =
        URI.create(
            "http://127.0.0.1:"
                + server.getAddress().getPort()
                + "/?"
                + size
                + (chunked ? "&chunked" : ""));
    HttpClient http = HttpClient.newHttpClient();
    return http.send(HttpRequest.newBuilder(uri).build(), AnswerBound.text(BOUND)).body();
  }

  @Test
  void anAnswerAtTheBound_isReadWhole_declaredOrChunked() throws Exception {
    assertThat(get(BOUND, false)).hasSize(BOUND);
    assertThat(get(BOUND, true)).hasSize(BOUND);
  }

  @Test
  void aChunkedAnswerOverTheBound_failsWhileStreaming_andIsNotReadToItsEnd() {
    long huge = 64L * 1024 * 1024;
    assertThatThrownBy(() -> get(huge, true))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(AnswerBound.TOO_LARGE);
    assertThat(written.get()).as("the server could not write it all").isLessThan(huge);
  }

  @Test
  void aDeclaredLengthOverTheBound_failsBeforeTheBodyIsRead() {
    assertThatThrownBy(() -> get(BOUND + 1L, false))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(AnswerBound.TOO_LARGE);
  }

  @Test
  void aLimitedStream_givesTheBoundAndFailsOnTheNextByte() throws IOException {
    InputStream at = AnswerBound.limited(new ByteArrayInputStream(new byte[BOUND]), BOUND);
    assertThat(at.readAllBytes()).hasSize(BOUND);
    InputStream over = AnswerBound.limited(new ByteArrayInputStream(new byte[BOUND + 1]), BOUND);
    assertThatThrownBy(over::readAllBytes)
        .isInstanceOf(AnswerBound.TooLarge.class)
        .hasMessage(AnswerBound.TOO_LARGE + " of " + BOUND + " bytes");
  }

  @Test
  void theKindOfAFailure_isTooLargeForTheBoundsFailure_wrappedOrNot_andNotForItsWording() {
    IOException over = new AnswerBound.TooLarge(BOUND);

    assertThat(AnswerBound.kindOf(over)).isEqualTo(FailureKind.TOO_LARGE);
    assertThat(AnswerBound.kindOf(new IOException("stream failed", over)))
        .isEqualTo(FailureKind.TOO_LARGE);
    assertThat(AnswerBound.kindOf(new IOException("transport: TooLarge: " + AnswerBound.TOO_LARGE)))
        .as("a failure merely worded like the bound's is not the bound's")
        .isEqualTo(FailureKind.TRANSIENT);
    assertThat(AnswerBound.kindOf(new IOException("HTTP status 502")))
        .isEqualTo(FailureKind.TRANSIENT);
  }

  @Test
  void aChunkedAnswerOverTheBound_failsAnExchangeWithTheTooLargeKind() {
    assertThatThrownBy(() -> get(64L * 1024 * 1024, true))
        .satisfies(e -> assertThat(AnswerBound.kindOf(e)).isEqualTo(FailureKind.TOO_LARGE));
  }
}
