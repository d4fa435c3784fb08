package org.walletstate.adapters.chain.evm.web3j.payment;

import java.io.IOException;
import java.math.BigInteger;
import java.util.Optional;
import org.web3j.crypto.RawTransaction;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.response.EthBlock;
import org.web3j.protocol.core.methods.response.EthMaxPriorityFeePerGas;

/**
 * What the service's own senders offer per gas (docs/billing.md, "Gas pricing"). Where the chain
 * has a base fee (EIP-1559) a transaction is of type 2: its tip is the node's {@code
 * eth_maxPriorityFeePerGas} held between {@link #TIP_FLOOR} and {@link #TIP_CAP}, its fee cap twice
 * the latest block's base fee plus the tip. What it pays is the base fee of the block that mines it
 * plus the tip, so a sender whose own transactions fill the blocks never raises its own price. A
 * chain without a base fee gets a legacy transaction at the node's {@code eth_gasPrice} (not
 * doubled: that would feed back). Nothing is offered above the operator's ceiling.
 */
final class GasFees {

  /** The least tip offered: 0.001 gwei. */
  static final BigInteger TIP_FLOOR = BigInteger.valueOf(1_000_000L);

  /** The most tip offered, whatever the node suggests: 2 gwei. */
  static final BigInteger TIP_CAP = BigInteger.valueOf(2_000_000_000L);

  private static final BigInteger HUNDRED = BigInteger.valueOf(100);

  private GasFees() {}

  /** The fees of one version of a transaction. */
  sealed interface Price {

    /** The most one gas of it may cost. */
    BigInteger most();

    /**
     * The price of a replacement under the same nonce: every fee raised by {@code percent} (plus
     * one wei); empty when that would pass {@code ceiling}.
     */
    Optional<Price> bumped(int percent, BigInteger ceiling);

    /** A type-2 transaction's fees. */
    record Dynamic(BigInteger tip, BigInteger maxFee) implements Price {
      @Override
      public BigInteger most() {
        return maxFee;
      }

      @Override
      public Optional<Price> bumped(int percent, BigInteger ceiling) {
        Dynamic next = new Dynamic(raise(tip, percent), raise(maxFee, percent));
        return next.maxFee.compareTo(ceiling) > 0 ? Optional.empty() : Optional.of(next);
      }
    }

    /** A legacy transaction's gas price, for a chain without a base fee. */
    record Legacy(BigInteger gasPrice) implements Price {
      @Override
      public BigInteger most() {
        return gasPrice;
      }

      @Override
      public Optional<Price> bumped(int percent, BigInteger ceiling) {
        BigInteger next = raise(gasPrice, percent);
        return next.compareTo(ceiling) > 0 ? Optional.empty() : Optional.of(new Legacy(next));
      }
    }
  }

  /** The unsigned transaction (no value) at {@code price}. */
  static RawTransaction transaction(
      Price price, long chainId, BigInteger nonce, BigInteger gasLimit, String to, String data) {
    if (price instanceof Price.Dynamic dynamic) {
      return RawTransaction.createTransaction(
          chainId, nonce, gasLimit, to, BigInteger.ZERO, data, dynamic.tip(), dynamic.maxFee());
    }
    return RawTransaction.createTransaction(
        nonce, ((Price.Legacy) price).gasPrice(), gasLimit, to, BigInteger.ZERO, data);
  }

  /**
   * The price to offer now on the chain {@code web3j} talks to; empty when even the least it would
   * take (the latest base fee plus the tip, or the node's gas price) is above {@code ceiling}. A
   * fee cap of twice the base fee that passes the ceiling is held at the ceiling.
   *
   * @throws IOException when the node did not answer
   */
  static Optional<Price> price(Web3j web3j, BigInteger ceiling) throws IOException {
    EthBlock latest = web3j.ethGetBlockByNumber(DefaultBlockParameterName.LATEST, false).send();
    if (latest.hasError() || latest.getBlock() == null) {
      throw new IOException("the node did not answer the latest block");
    }
    String baseFee = latest.getBlock().getBaseFeePerGasRaw();
    if (baseFee == null || baseFee.isBlank()) {
      var answer = web3j.ethGasPrice().send();
      if (answer.hasError() || answer.getResult() == null) {
        throw new IOException("the node did not answer its gas price");
      }
      BigInteger gasPrice = answer.getGasPrice();
      return gasPrice.compareTo(ceiling) > 0
          ? Optional.empty()
          : Optional.of(new Price.Legacy(gasPrice));
    }
    BigInteger base = latest.getBlock().getBaseFeePerGas();
    BigInteger tip = tip(web3j);
    if (base.add(tip).compareTo(ceiling) > 0) {
      return Optional.empty();
    }
    BigInteger maxFee = base.shiftLeft(1).add(tip).min(ceiling);
    return Optional.of(new Price.Dynamic(tip, maxFee));
  }

  /** The node's suggested tip, between the floor and the cap; the floor if it has none. */
  private static BigInteger tip(Web3j web3j) throws IOException {
    EthMaxPriorityFeePerGas answer = web3j.ethMaxPriorityFeePerGas().send();
    if (answer.hasError() || answer.getResult() == null) {
      return TIP_FLOOR;
    }
    return answer.getMaxPriorityFeePerGas().max(TIP_FLOOR).min(TIP_CAP);
  }

  private static BigInteger raise(BigInteger fee, int percent) {
    return fee.multiply(BigInteger.valueOf(100L + percent)).divide(HUNDRED).add(BigInteger.ONE);
  }
}
