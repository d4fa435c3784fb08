package org.walletstate.domain.chain;

/**
 * Whether a chain serves EIP-1186 Merkle-Patricia proofs that verify against its block header, and
 * if not, the reason a declined proof states.
 *
 * @param declineReason why proofs are declined on the chain; {@code null} when they are available
 */
public record ProofSupport(String declineReason) {
  public static final ProofSupport STANDARD = new ProofSupport(null);

  public ProofSupport {
    if (declineReason != null && declineReason.isBlank()) {
      throw new IllegalArgumentException("a declined proof states its reason");
    }
  }

  public static ProofSupport declined(String reason) {
    if (reason == null) {
      throw new IllegalArgumentException("a declined proof states its reason");
    }
    return new ProofSupport(reason);
  }

  /** True when the chain's proofs are served and checked: no decline reason. */
  public boolean available() {
    return declineReason == null;
  }

  @Override
  public String toString() {
    return "ProofSupport[available=" + available() + ", declineReason=" + declineReason + "]";
  }
}
