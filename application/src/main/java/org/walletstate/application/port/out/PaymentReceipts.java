package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.ChainTransfers;
import org.walletstate.domain.payment.TxHash;

/**
 * Transactions of payment chains, read for payment verification: whether each failed, its block and
 * its token transfers, and the chain's head read after it. Implemented per chain family by the
 * chain adapter (EVM: {@code eth_getTransactionReceipt} then {@code eth_blockNumber}; Solana:
 * {@code getTransaction} then {@code getSlot}; Tron: {@code gettransactioninfobyid} then {@code
 * getnowblock}), with the chain's retries and failover.
 *
 * <p>The returned {@link Uni} never fails for a chain problem: a read that did not complete is
 * {@link Lookup.Failed}.
 */
public interface PaymentReceipts {

  Uni<Lookup> receipt(ChainId chain, TxHash hash);

  /** What the chain answered. */
  sealed interface Lookup {
    /**
     * The transaction, and the head block read after it (for confirmations).
     *
     * @param transaction its outcome, block and transfers
     * @param head the latest block (Solana: slot) number
     */
    record Found(ChainTransfers transaction, long head) implements Lookup {}

    /** The chain has no receipt for the hash (unknown or not yet mined). */
    record NotFound() implements Lookup {}

    /** The read did not complete; {@code reason} names no data source. */
    record Failed(String reason) implements Lookup {}
  }
}
