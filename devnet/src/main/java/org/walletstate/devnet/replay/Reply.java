package org.walletstate.devnet.replay;

import java.time.Duration;
import java.util.Objects;

/**
 * How the replay server answers one request.
 *
 * @param status the HTTP status
 * @param body the body sent (any text: a documented answer, or something broken)
 * @param delay how long to wait before answering
 * @param drop close the connection without any answer
 */
public record Reply(int status, String body, Duration delay, boolean drop) {

  public Reply {
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(delay, "delay");
  }

  /** HTTP 200 with {@code body}. */
  public static Reply json(String body) {
    return new Reply(200, body, Duration.ZERO, false);
  }

  /** {@code status} with a short text body. */
  public static Reply status(int status) {
    return new Reply(status, "{\"error\":\"status " + status + "\"}", Duration.ZERO, false);
  }

  /** The first half of {@code body}: a truncated answer. */
  public static Reply truncated(String body) {
    return json(body.substring(0, body.length() / 2));
  }

  /** The connection closed without an answer. */
  public static Reply dropped() {
    return new Reply(200, "", Duration.ZERO, true);
  }

  /** This reply, after {@code delay}. */
  public Reply after(Duration delay) {
    return new Reply(status, body, delay, drop);
  }
}
