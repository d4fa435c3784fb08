package org.walletstate.adapters.http.robustness;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * One generated request and what the service must answer to it.
 *
 * @param index the case number within its campaign (with the seed, enough to generate it again)
 * @param kind the family of the case, for the campaign's tally
 * @param description what makes the request hostile, for failure reports
 * @param request what is sent
 * @param expect the answers that are allowed
 */
record HostileCase(int index, String kind, String description, Request request, Expect expect) {

  /** A request as it goes on the wire. */
  sealed interface Request permits Http, Raw {}

  /** A well-formed HTTP/1.1 exchange, sent with the JDK client. */
  record Http(String method, String target, List<Header> headers, byte[] body) implements Request {}

  /** Bytes written to a socket as they are: framing the JDK client refuses to produce. */
  record Raw(byte[] bytes) implements Request {}

  record Header(String name, String value) {}

  /** The documented forms an answer may take. */
  enum Shape {
    /** The error envelope: {@code ok:false}, {@code error.code} equal to the status, a message. */
    ENVELOPE,
    /** The x402 quote: {@code x402Version}, {@code accepts}, no envelope. */
    QUOTE,
    /** A HEAD answer: status and headers only. */
    HEADERS_ONLY,
    /** A metered call that went through: a signed 200, or a 503 {@code rpc_failure}. */
    ATTESTATION,
    /**
     * Refused by the HTTP transport before the service saw a request (empty body), or by the
     * service in the envelope; status 0 in {@code statuses} also allows a closed connection.
     */
    TRANSPORT
  }

  /**
   * @param statuses the allowed HTTP statuses
   * @param shape the form the answer must take
   * @param mentions text the error message must contain (names the member whose rule broke), or
   *     null
   * @param quotedAmount for quotes: the atomic USDC amount every entry must state
   */
  record Expect(Set<Integer> statuses, Shape shape, String mentions, String quotedAmount) {
    static Expect refused(int status, String mentions) {
      return new Expect(Set.of(status), Shape.ENVELOPE, mentions, null);
    }

    static Expect refusedAnyOf(Set<Integer> statuses) {
      return new Expect(statuses, Shape.ENVELOPE, null, null);
    }

    static Expect quote(String amount) {
      return new Expect(Set.of(402), Shape.QUOTE, null, amount);
    }

    static Expect attested() {
      return new Expect(Set.of(200, 503), Shape.ATTESTATION, null, null);
    }

    static Expect transport(Set<Integer> statuses) {
      return new Expect(statuses, Shape.TRANSPORT, null, null);
    }

    static Expect headersOnly(int status) {
      return new Expect(Set.of(status), Shape.HEADERS_ONLY, null, null);
    }
  }

  /** A short, printable account of the request for a failure report. */
  String excerpt() {
    byte[] bytes;
    String head;
    if (request instanceof Http http) {
      bytes = http.body();
      head =
          http.method()
              + " "
              + abbreviate(http.target(), 120)
              + " "
              + http.headers().stream()
                  .map(h -> h.name() + ": " + abbreviate(h.value(), 60))
                  .toList();
    } else {
      bytes = ((Raw) request).bytes();
      head = "raw";
    }
    String text = new String(bytes, 0, Math.min(bytes.length, 400), StandardCharsets.ISO_8859_1);
    return head + " body(" + bytes.length + " bytes): " + printable(text);
  }

  private static String abbreviate(String s, int max) {
    return s.length() > max ? s.substring(0, max) + "…(" + s.length() + ")" : s;
  }

  private static String printable(String s) {
    StringBuilder out = new StringBuilder();
    for (char c : s.toCharArray()) {
      out.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\x%02x", (int) c));
    }
    return out.toString();
  }
}
