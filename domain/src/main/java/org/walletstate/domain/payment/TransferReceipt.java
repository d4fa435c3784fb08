package org.walletstate.domain.payment;

import java.util.List;
import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;

/**
 * An EVM transaction receipt, as far as payments need it.
 *
 * @param hash the transaction
 * @param succeeded status 1
 * @param blockNumber the block that holds it
 * @param logs its logs, in order
 */
public record TransferReceipt(TxHash hash, boolean succeeded, long blockNumber, List<Log> logs) {

  public TransferReceipt {
    Objects.requireNonNull(hash, "hash");
    logs = List.copyOf(logs);
  }

  /** One log entry: the emitting contract, its topics and data. */
  public record Log(EvmAddress address, List<Bytes32> topics, Bytes data) {
    public Log {
      Objects.requireNonNull(address, "address");
      topics = List.copyOf(topics);
      Objects.requireNonNull(data, "data");
    }
  }
}
