package org.walletstate.verifier;

/**
 * A proof check that failed at one {@link ProofStep}; it becomes a rejected {@link ProofVerdict}.
 */
final class ProofRejected extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final ProofStep step;

  ProofRejected(ProofStep step, String message) {
    super(message, null, false, false);
    this.step = step;
  }

  ProofStep step() {
    return step;
  }
}
