package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;

/**
 * Transaction nonces of the service's own EVM senders (the x402 relayer, the access-pass minter),
 * allocated in one place that every replica shares, so that no two transactions of one sender ever
 * carry the same nonce. An allocation is leased: a nonce not mined when its lease expired (its
 * transaction never sent, because its replica stopped, or sent and lost) is handed out again, and a
 * nonce whose send the node refused at once, so that no gap holds the sender's later transactions.
 */
public interface SenderNonces {

  /**
   * The nonce for {@code sender}'s next transaction on {@code chainId}: the lowest nonce not below
   * {@code mined} whose lease expired, else the next never allocated; never below {@code mined}.
   *
   * @param sender the sending address, lower case
   * @param mined the sender's mined transaction count at the chain's head
   * @param now the allocation's time
   * @param leaseUntil until when the nonce is held for this transaction
   */
  Uni<Long> allocate(long chainId, String sender, long mined, Instant now, Instant leaseUntil);

  /**
   * The transaction with {@code nonce} was handed to the chain: the nonce is handed out again only
   * if it is still not mined when its lease expired.
   */
  Uni<Void> sent(long chainId, String sender, long nonce);

  /**
   * Takes every free nonce of {@code sender} in [{@code mined}, {@code below}) — released by a send
   * the node never took, or unmined when its lease expired — leased to the caller until {@code
   * leaseUntil}, so that a sender waiting under {@code below} can fill the gap that holds it (with
   * transactions of its own, reported {@link #sent} or {@link #unused} like any other). Two
   * callers, on any replica, never take the same nonce.
   *
   * @return the nonces taken, ascending; empty when nothing below is free
   */
  Uni<List<Long>> takeFreeBelow(
      long chainId, String sender, long mined, long below, Instant now, Instant leaseUntil);

  /** The nonce's transaction was not sent (refused by the node): hand it out again. */
  Uni<Void> unused(long chainId, String sender, long nonce);
}
