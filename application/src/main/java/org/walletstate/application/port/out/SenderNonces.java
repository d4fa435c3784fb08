package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;

/**
 * Transaction nonces of the service's own EVM senders (the x402 relayer, the access-pass minter),
 * allocated in one place that every replica shares, so that no two transactions of one sender ever
 * carry the same nonce. An allocation is leased: a nonce whose transaction was never sent is handed
 * out again once its lease expired (or at once when it is {@link #unused released}), so that a
 * refused send or a stopped replica leaves no gap before the sender's later transactions.
 */
public interface SenderNonces {

  /**
   * The nonce for {@code sender}'s next transaction on {@code chainId}: the lowest unsent nonce
   * whose lease expired, else the next never allocated; never below {@code mined}.
   *
   * @param sender the sending address, lower case
   * @param mined the sender's mined transaction count at the chain's head
   * @param now the allocation's time
   * @param leaseUntil until when the nonce is held for this transaction
   */
  Uni<Long> allocate(long chainId, String sender, long mined, Instant now, Instant leaseUntil);

  /** The transaction with {@code nonce} was handed to the chain: the nonce is never reused. */
  Uni<Void> sent(long chainId, String sender, long nonce);

  /** The nonce's transaction was not sent (refused by the node): hand it out again. */
  Uni<Void> unused(long chainId, String sender, long nonce);
}
