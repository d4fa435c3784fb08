package org.walletstate.domain.account;

/**
 * What a metered call costs, in credits, by operation. Attest costs 1 credit (2 with a Merkle
 * proof); read from a quorum of providers ({@code "assurance": "quorum"}) 2 (4 with a proof); a
 * trust profile 3 per wallet (6 with proofs), read from a quorum 6 per wallet (12 with proofs). The
 * proof premium is refunded when no proof is delivered; a failed or refused call costs nothing.
 *
 * @param credits the whole price
 * @param proofPremium the part of it that pays for proofs, refundable when none is delivered
 */
public record CreditPrice(long credits, long proofPremium) {

  public CreditPrice {
    if (credits <= 0 || proofPremium < 0 || proofPremium >= credits) {
      throw new IllegalArgumentException("invalid price " + credits + "/" + proofPremium);
    }
  }

  /**
   * A call to price: the operation, how many wallets it profiles, whether proofs are asked, and
   * whether its chains are read from a quorum of providers.
   */
  public record Call(MeteredOperation operation, int wallets, boolean proof, boolean quorum) {

    /** A call read from one provider per chain. */
    public Call(MeteredOperation operation, int wallets, boolean proof) {
      this(operation, wallets, proof, false);
    }

    public Call {
      if (wallets < 1) {
        throw new IllegalArgumentException("a call covers at least one wallet");
      }
      if (operation == MeteredOperation.ATTEST && wallets != 1) {
        throw new IllegalArgumentException("an attestation is priced per call");
      }
    }
  }

  private static CreditPrice perUnit(int units, long base, boolean proof) {
    long plain = units * base;
    return proof ? new CreditPrice(2 * plain, plain) : new CreditPrice(plain, 0);
  }

  public static CreditPrice of(Call call) {
    return switch (call.operation()) {
      case ATTEST -> perUnit(1, call.quorum() ? 2 : 1, call.proof());
      case TRUST, TRUST_BATCH -> perUnit(call.wallets(), call.quorum() ? 6 : 3, call.proof());
    };
  }

  /** The price with the proof premium taken off: what is kept when no proof was delivered. */
  public long withoutPremium() {
    return credits - proofPremium;
  }
}
