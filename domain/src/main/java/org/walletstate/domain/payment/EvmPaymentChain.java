package org.walletstate.domain.payment;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;

/**
 * What the service accepts as a payment on one EVM chain.
 *
 * @param chain the payment chain
 * @param receiver the service's receiving address there
 * @param tokens the accepted stablecoins (USDC, and USDT where allowed)
 * @param confirmations how many blocks, the transaction's own included, must exist before it counts
 */
public record EvmPaymentChain(
    ChainId chain, EvmAddress receiver, List<PaymentToken> tokens, int confirmations) {

  public EvmPaymentChain {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(receiver, "receiver");
    tokens = List.copyOf(tokens);
    if (tokens.isEmpty()) {
      throw new IllegalArgumentException("chain " + chain + " accepts no token");
    }
    if (confirmations < 1) {
      throw new IllegalArgumentException("confirmations must be at least 1: " + confirmations);
    }
  }

  /** The accepted token at {@code contract}, if any. */
  public Optional<PaymentToken> token(EvmAddress contract) {
    return tokens.stream().filter(t -> t.contract().equals(contract)).findFirst();
  }

  /**
   * The same chain's rules for a payment to {@code to} in the tokens named {@code symbol} only (a
   * store's USDC address, for a discounted order).
   *
   * @throws IllegalArgumentException when the chain accepts no such token
   */
  public EvmPaymentChain payingTo(EvmAddress to, String symbol) {
    return new EvmPaymentChain(
        chain, to, tokens.stream().filter(t -> t.symbol().equals(symbol)).toList(), confirmations);
  }
}
