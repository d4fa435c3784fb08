package org.walletstate.verifier;

/**
 * A verified attestation, trust profile or discount whose results were not read with the assurance
 * the caller requires ({@link VerifiedAttestation#requireQuorum(int)}, {@link
 * VerifiedTrustProfile#requireQuorum(int)}, {@link VerifiedDiscount#requireQuorum(int)}). Its
 * signatures are valid; its reads are weaker than the route accepts.
 */
public final class InsufficientAssuranceException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  InsufficientAssuranceException(String message) {
    super(message);
  }
}
