package org.walletstate.adapters.chain.evm.web3j.payment;

import java.util.Optional;
import org.web3j.crypto.RawTransaction;

/** One sent version of a transaction, with its fees. */
final class SentVersion {
  private final RawTransaction transaction;
  private final GasFees.Price price;

  SentVersion(RawTransaction transaction, GasFees.Price price) {
    this.transaction = transaction;
    this.price = price;
  }

  RawTransaction transaction() {
    return transaction;
  }

  /**
   * The same transaction under the same nonce, every fee raised by the fee bump; empty when that
   * would pass the ceiling.
   */
  Optional<SentVersion> replacement(long chainId, EvmSender.Settings settings) {
    return price
        .bumped(settings.feeBump(), settings.maxFeePerGas())
        .map(
            raised ->
                new SentVersion(
                    GasFees.transaction(
                        raised,
                        chainId,
                        transaction.getNonce(),
                        transaction.getGasLimit(),
                        transaction.getTo(),
                        transaction.getData()),
                    raised));
  }
}
