package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.TransferReceipt;
import org.walletstate.domain.payment.TxHash;

/**
 * Transaction receipts of EVM payment chains, read for payment verification. Implemented per chain
 * family by the chain adapter (EVM: {@code eth_getTransactionReceipt} then {@code eth_blockNumber},
 * with the chain's retries and failover).
 *
 * <p>The returned {@link Uni} never fails for a chain problem: a read that did not complete is
 * {@link Lookup.Failed}.
 */
public interface PaymentReceipts {

  Uni<Lookup> receipt(ChainId chain, TxHash hash);

  /** What the chain answered. */
  sealed interface Lookup {
    /**
     * The receipt, and the head block read after it (for confirmations).
     *
     * @param receipt the receipt
     * @param head the latest block number
     */
    record Found(TransferReceipt receipt, long head) implements Lookup {}

    /** The chain has no receipt for the hash (unknown or not yet mined). */
    record NotFound() implements Lookup {}

    /** The read did not complete; {@code reason} names no data source. */
    record Failed(String reason) implements Lookup {}
  }
}
