package org.walletstate.domain.payment;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainId;

/**
 * A verified payment to the service.
 *
 * @param chain where it was paid
 * @param hash its transaction, which can credit once ever
 * @param sender who paid: the {@code from} of the transfer, never the caller's word
 * @param token the symbol of what was paid
 * @param raw the amount in the token's base units, from the chain
 * @param usd the amount in USD
 * @param minedAt its block's time, from the chain, where the reader read it
 */
public record Payment(
    ChainId chain,
    TxHash hash,
    WalletAddress sender,
    String token,
    BigInteger raw,
    BigDecimal usd,
    Optional<Instant> minedAt) {

  /** A payment whose block time was not read. */
  public Payment(
      ChainId chain,
      TxHash hash,
      WalletAddress sender,
      String token,
      BigInteger raw,
      BigDecimal usd) {
    this(chain, hash, sender, token, raw, usd, Optional.empty());
  }

  public Payment {
    Objects.requireNonNull(minedAt, "minedAt");
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(hash, "hash");
    Objects.requireNonNull(sender, "sender");
    Objects.requireNonNull(token, "token");
    Objects.requireNonNull(raw, "raw");
    Objects.requireNonNull(usd, "usd");
  }
}
