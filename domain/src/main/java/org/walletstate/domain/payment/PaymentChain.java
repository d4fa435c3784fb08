package org.walletstate.domain.payment;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainId;

/**
 * What the service accepts as a payment on one chain.
 *
 * @param chain the payment chain
 * @param receiver the service's receiving address there (an EVM address; a Solana wallet, which
 *     owns the token accounts that receive; a Tron address)
 * @param tokens the accepted stablecoins (USDC, and USDT where allowed)
 * @param confirmations how many blocks (Solana: slots), the transaction's own included, must exist
 *     before it counts
 */
public record PaymentChain(
    ChainId chain, WalletAddress receiver, List<PaymentToken> tokens, int confirmations) {

  public PaymentChain {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(receiver, "receiver");
    tokens = List.copyOf(tokens);
    if (tokens.isEmpty()) {
      throw new IllegalArgumentException("chain " + chain + " accepts no token");
    }
    if (confirmations < 1) {
      throw new IllegalArgumentException("confirmations must be at least 1: " + confirmations);
    }
    for (PaymentToken token : tokens) {
      if (token.contract().family() != receiver.family()) {
        throw new IllegalArgumentException(
            "token " + token.symbol() + " is not of the receiver's family " + receiver.family());
      }
    }
  }

  /** The accepted token at {@code contract} (Solana: the mint), if any. */
  public Optional<PaymentToken> token(WalletAddress contract) {
    return tokens.stream().filter(t -> t.contract().equals(contract)).findFirst();
  }

  /**
   * The same chain's rules for a payment to {@code to} in the tokens named {@code symbol} only (a
   * store's USDC address, for a discounted order).
   *
   * @throws IllegalArgumentException when the chain accepts no such token, or {@code to} is not of
   *     the chain's family
   */
  public PaymentChain payingTo(WalletAddress to, String symbol) {
    return new PaymentChain(
        chain, to, tokens.stream().filter(t -> t.symbol().equals(symbol)).toList(), confirmations);
  }
}
