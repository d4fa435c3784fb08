package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.Arrays;

/**
 * The requests callers sent with an {@code Idempotency-Key}, shared by every replica: one row per
 * caller (an opaque scope: the caller hashes its credential before it gets here) and key, holding
 * the request's fingerprint, whether its first execution is still under way, and, once it is done,
 * the answer to replay. A key is claimed atomically: of any number of replicas beginning the same
 * key at once, exactly one starts it.
 */
public interface IdempotentRequests {

  /**
   * Claims {@code key} for {@code scope}, or says why not. A row whose lifetime has ended, or whose
   * first execution left its lease unfinished (the replica died or lost the client), is taken over
   * as if it were not there.
   *
   * @param fingerprint the request's digest (method, path, body)
   * @param leaseUntil until when this execution holds the key before another may take it over
   * @param expiresAt when the row, and the answer it will hold, is forgotten
   */
  Uni<Begin> begin(
      String scope,
      String key,
      byte[] fingerprint,
      Instant now,
      Instant leaseUntil,
      Instant expiresAt);

  /** Stores the answer of the execution that began {@code key} with {@code fingerprint}. */
  Uni<Void> complete(String scope, String key, byte[] fingerprint, Answer answer);

  /**
   * Gives {@code key} up without an answer (a server error, or an answer that must not be stored):
   * the next request with it executes anew.
   */
  Uni<Void> release(String scope, String key, byte[] fingerprint);

  /** Forgets up to {@code limit} rows whose lifetime ended before {@code now}; their count. */
  Uni<Integer> forgetExpired(Instant now, int limit);

  /** An answer as sent: status, content type (may be null) and the body's bytes. */
  record Answer(int status, String contentType, byte[] body) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Answer a
          && a.status == status
          && java.util.Objects.equals(a.contentType, contentType)
          && Arrays.equals(a.body, body);
    }

    @Override
    public int hashCode() {
      return 31 * (31 * status + java.util.Objects.hashCode(contentType)) + Arrays.hashCode(body);
    }

    @Override
    public String toString() {
      return "Answer[" + status + ", " + contentType + ", " + body.length + " bytes]";
    }
  }

  /** What {@link #begin} found. */
  sealed interface Begin {
    /** The key is this request's: execute it, then {@link #complete} or {@link #release}. */
    record Started() implements Begin {}

    /** The key's first execution is still under way. */
    record InFlight() implements Begin {}

    /** The key was used with another request (another body, method or path). */
    record Mismatch() implements Begin {}

    /** The key's request was answered: replay the answer. */
    record Stored(Answer answer) implements Begin {}
  }
}
