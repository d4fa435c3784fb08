package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Instant;
import org.walletstate.domain.payment.PerCallPayment;

/**
 * Per-call payments by their identity (network, token, payer, payment id: an EIP-3009 nonce, or the
 * payer's signature of a Solana transaction): each is claimed by one call, ever. A claim is
 * released when the call's work failed (nothing was delivered, the payment was not used), and kept
 * once its settlement was attempted. A payer has at most one claimed, unsettled payment per network
 * at a time.
 */
public interface PaidCalls {

  /**
   * Claims the payment for one call: the first claim of the payment, while its payer has no other
   * payment open (claimed, not yet settled) on the same network, also concurrently and across
   * replicas.
   */
  Uni<Claimed> claim(Claim claim);

  /** What a claim found. */
  enum Claimed {
    /** The payment is this call's. */
    CLAIMED,
    /** The payment was claimed before: it bought (or is buying) another answer. */
    USED,
    /** The payer has another payment open on the network: one is worked on at a time. */
    PAYER_BUSY
  }

  /** The claimed call was answered and its payment settled in {@code txHash}. */
  Uni<Void> settled(Claim claim, String txHash, Instant at);

  /** The claimed call was answered but its settlement did not complete; the claim stays. */
  Uni<Void> unsettled(Claim claim, Instant at);

  /** The claimed call failed before delivering anything: the payment may be sent again. */
  Uni<Void> release(Claim claim);

  /**
   * @param key the payment's identity
   * @param value what it moves, atomic units
   * @param operation the endpoint paid for
   */
  record Claim(PerCallPayment.Key key, BigInteger value, String operation, Instant at) {}
}
