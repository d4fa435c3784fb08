package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import org.walletstate.domain.payment.PerCallPayment;

/**
 * Per-call payments before and after the work: what the chain (or the facilitator) says about one
 * before it is used, and its settlement. An EIP-3009 authorization is read from the token (its
 * nonce, the payer's balance) and submitted by the service's own relayer or by a facilitator; a
 * Solana payment is verified and settled by a facilitator only.
 */
public interface TransferAuthorizations {

  /** The payment's standing before the work. */
  Uni<State> state(PerCallPayment payment);

  /** Submits the payment and waits for its outcome. */
  Uni<Settlement> settle(PerCallPayment payment);

  /** What the check before the work found. */
  sealed interface State {
    /**
     * The token's view of an EIP-3009 authorization at the chain's head.
     *
     * @param nonceUsed {@code authorizationState(from, nonce)}
     * @param balance {@code balanceOf(from)}
     */
    record Read(boolean nonceUsed, BigInteger balance) implements State {}

    /** The facilitator verified the payment against the chain (a Solana payment's simulation). */
    record Verified() implements State {}

    /** The payment cannot be settled here, for {@code reason}. */
    record Invalid(String reason) implements State {}

    /** The check did not complete. */
    record Failed(String reason) implements State {}
  }

  /** How a settlement ended. */
  sealed interface Settlement {
    /** Landed and successful in {@code txHash} (an EVM hash, or a Solana signature in base58). */
    record Settled(String txHash) implements Settlement {}

    /** Refused or reverted: the transfer did not happen. */
    record Refused(String reason) implements Settlement {}

    /** Not known to have completed (sent but not seen landed, or no answer). */
    record Failed(String reason) implements Settlement {}
  }
}
