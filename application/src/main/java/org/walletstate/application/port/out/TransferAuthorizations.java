package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import org.walletstate.domain.payment.TransferAuthorization;

/**
 * EIP-3009 authorizations on chain: what the token says about one before it is used (its nonce, the
 * payer's balance), and its settlement ({@code transferWithAuthorization} submitted by the
 * service's own relayer, or by a facilitator).
 */
public interface TransferAuthorizations {

  /** The token's view of an authorization at the chain's head. */
  Uni<State> state(TransferAuthorization.TokenDomain token, TransferAuthorization authorization);

  /** Submits the authorization and waits for its receipt. */
  Uni<Settlement> settle(
      TransferAuthorization.TokenDomain token, TransferAuthorization authorization);

  /** What a read of the token found. */
  sealed interface State {
    /**
     * @param nonceUsed {@code authorizationState(from, nonce)}
     * @param balance {@code balanceOf(from)}
     */
    record Read(boolean nonceUsed, BigInteger balance) implements State {}

    /** The read did not complete. */
    record Failed(String reason) implements State {}
  }

  /** How a settlement ended. */
  sealed interface Settlement {
    /** Mined and successful in {@code txHash}. */
    record Settled(String txHash) implements Settlement {}

    /** Refused or reverted: the transfer did not happen. */
    record Refused(String reason) implements Settlement {}

    /** Not known to have completed (sent but not seen mined, or no answer). */
    record Failed(String reason) implements Settlement {}
  }
}
