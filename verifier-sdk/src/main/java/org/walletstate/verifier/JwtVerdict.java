package org.walletstate.verifier;

import java.util.Optional;

/**
 * The verdict on the tokens a {@code format: "jwt"} response carries beside its attestation: the
 * ES256 {@code jwt} under the response's kid, bound to the attestation ({@code jti}, {@code pass},
 * {@code results}, {@code exp}), its condition hashes, and its {@code pqJwt} companion.
 */
public final class JwtVerdict {

  private final Verdict verdict;
  private final PqVerdict pq;

  JwtVerdict(Verdict verdict, PqVerdict pq) {
    this.verdict = verdict;
    this.pq = pq;
  }

  /** The verdict as a plain one, for the report's conjunction. */
  Verdict verdict() {
    return verdict;
  }

  public boolean passed() {
    return verdict.passed();
  }

  public Optional<String> reason() {
    return verdict.reason();
  }

  /** The pqJwt verdict, once the token got far enough to be bound to it. */
  public Optional<PqVerdict> pq() {
    return Optional.ofNullable(pq);
  }

  @Override
  public String toString() {
    return verdict + (pq == null ? "" : "; pqJwt " + pq);
  }
}
