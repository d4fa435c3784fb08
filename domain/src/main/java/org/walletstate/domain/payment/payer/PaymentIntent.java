package org.walletstate.domain.payment.payer;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.Payment;

/**
 * A payment intent: opened before paying, it reserves an exact amount on one chain, never handed
 * out twice, for one purpose; whoever holds its secret may claim the one payment of exactly that
 * amount to the service, whoever sent it. It is the way to pay from a wallet that cannot sign (an
 * exchange's hot wallet, a relayer, a smart wallet).
 *
 * @param id the public id
 * @param secretHash SHA-256 of the secret (the secret itself is never stored)
 * @param chain the chain to pay on
 * @param amount the exact amount to pay, in the token's units (USD for stablecoins, BTC on bitcoin)
 * @param purpose what it may be claimed for ({@link ClaimPurpose#name()})
 * @param expiresAt the last moment it may be claimed
 */
public record PaymentIntent(
    String id,
    byte[] secretHash,
    ChainId chain,
    BigDecimal amount,
    String purpose,
    Instant expiresAt) {

  /** How long an intent may be paid and claimed, unless the operator sets another lifetime. */
  public static final Duration LIFETIME = Duration.ofHours(72);

  public PaymentIntent {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(secretHash, "secretHash");
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(purpose, "purpose");
    Objects.requireNonNull(expiresAt, "expiresAt");
  }

  /**
   * Empty when {@code payment} may be claimed with this intent for {@code purpose} at {@code now};
   * else the reason. The secret is checked by the caller, before.
   */
  public Optional<String> refusal(Payment payment, ClaimPurpose purpose, Instant now) {
    if (now.isAfter(expiresAt)) {
      return Optional.of("payment intent " + id + " expired at " + expiresAt);
    }
    if (!purpose.name().equals(this.purpose)) {
      return Optional.of(
          "payment intent " + id + " was opened for " + this.purpose + ", not " + purpose.name());
    }
    if (!chain.equals(payment.chain())) {
      return Optional.of(
          "payment intent " + id + " is for chain " + chain + ", not " + payment.chain());
    }
    BigDecimal paid =
        "BTC".equals(payment.token()) ? new BigDecimal(payment.raw(), 8) : payment.usd();
    if (paid.compareTo(amount) != 0) {
      return Optional.of(
          "payment intent "
              + id
              + " is for exactly "
              + amount.toPlainString()
              + " "
              + payment.token()
              + "; transaction "
              + payment.hash().text()
              + " paid "
              + paid.stripTrailingZeros().toPlainString());
    }
    return Optional.empty();
  }

  /** The width of one price's amounts: a cent of a stablecoin, or 0.0001 BTC. */
  public static BigDecimal step(boolean bitcoin) {
    return bitcoin ? new BigDecimal("0.0001") : new BigDecimal("0.01");
  }

  /**
   * The exact amount an intent reserves for a base amount: the base plus a sub-unit offset that
   * makes it unique on its chain (1 to 9,999 millionths of a stablecoin — less than a cent —, or 1
   * to 9,999 satoshis on bitcoin). The offset is paid and credited like the rest.
   *
   * @param base whole cents (stablecoins) or at most 4 decimals of BTC
   * @param bitcoin true on bitcoin
   * @param offset 1 to 9,999
   */
  public static BigDecimal amount(BigDecimal base, boolean bitcoin, int offset) {
    if (offset < 1 || offset > 9_999) {
      throw new IllegalArgumentException("offset out of range");
    }
    return base.add(new BigDecimal(BigInteger.valueOf(offset), bitcoin ? 8 : 6));
  }
}
