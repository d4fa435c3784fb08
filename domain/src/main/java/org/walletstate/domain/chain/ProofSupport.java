package org.walletstate.domain.chain;

/**
 * Whether a chain serves EIP-1186 Merkle-Patricia proofs that verify against its block header, and
 * if not, the reason a declined proof states.
 */
public record ProofSupport(boolean available, String declineReason) {
  public static final ProofSupport STANDARD = new ProofSupport(true, null);

  public ProofSupport {
    if (available && declineReason != null) {
      throw new IllegalArgumentException("an available proof has no decline reason");
    }
    if (!available && (declineReason == null || declineReason.isBlank())) {
      throw new IllegalArgumentException("a declined proof states its reason");
    }
  }

  public static ProofSupport declined(String reason) {
    return new ProofSupport(false, reason);
  }
}
