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
 * A payment intent: opened before paying, it reserves an exact amount on one chain for one purpose;
 * whoever holds its secret may claim the one payment of exactly that amount to the service mined
 * while it was open ({@link ClaimWindow}), whoever sent it. It is the way to pay from a wallet that
 * cannot sign (an exchange's hot wallet, a relayer, a smart wallet). An amount is held by one
 * intent at a time and handed out again only a cool-down after its last holder ended.
 *
 * @param id the public id
 * @param secretHash SHA-256 of the secret (the secret itself is never stored)
 * @param chain the chain to pay on
 * @param amount the exact amount to pay, in the token's units (USD for stablecoins, BTC on bitcoin)
 * @param purpose what it may be claimed for ({@link ClaimPurpose#name()})
 * @param openedAt when it was opened (the service's clock)
 * @param expiresAt the last moment it may be claimed
 */
public record PaymentIntent(
    String id,
    byte[] secretHash,
    ChainId chain,
    BigDecimal amount,
    String purpose,
    Instant openedAt,
    Instant expiresAt) {

  /** How long an intent may be paid and claimed, unless the operator sets another lifetime. */
  public static final Duration LIFETIME = Duration.ofHours(72);

  // Null checks written out by design: a record validates its own components on construction.
  public PaymentIntent {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(secretHash, "secretHash");
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(purpose, "purpose");
    Objects.requireNonNull(openedAt, "openedAt");
    Objects.requireNonNull(expiresAt, "expiresAt");
  }

  /**
   * Which payments an intent accepts: mined from {@code clockAllowance} before it opened to {@code
   * clockAllowance} after it expired (block clocks and the service's differ by seconds), and
   * claimed no later than {@code grace} after it expired (a payment mined just before the expiry
   * still needs its confirmations).
   */
  public record ClaimWindow(Duration clockAllowance, Duration grace) {
    /** 60 seconds of clock allowance, an hour of grace. */
    public static final ClaimWindow DEFAULTS =
        new ClaimWindow(Duration.ofSeconds(60), Duration.ofHours(1));

    public ClaimWindow {
      if (clockAllowance.isNegative() || grace.isNegative()) {
        throw new IllegalArgumentException("payment intent claim window: no negative durations");
      }
    }
  }

  /**
   * Empty when {@code payment} may be claimed with this intent for {@code purpose} at {@code now};
   * else the reason. The secret is checked by the caller, before. A payment whose block time the
   * chain's reader does not give is judged without it (on those chains amounts are never handed out
   * twice).
   */
  public Optional<String> refusal(
      Payment payment, ClaimPurpose purpose, Instant now, ClaimWindow window) {
    if (now.isAfter(expiresAt.plus(window.grace()))) {
      return Optional.of(
          "payment intent " + id + " expired at " + expiresAt + " and its claim grace has ended");
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
    return minedOutside(payment, window);
  }

  /** Why {@code payment}'s block time lies outside this intent's window; empty when inside. */
  private Optional<String> minedOutside(Payment payment, ClaimWindow window) {
    if (payment.minedAt().isEmpty()) {
      return Optional.empty();
    }
    Instant mined = payment.minedAt().get();
    if (mined.isBefore(openedAt.minus(window.clockAllowance()))) {
      return Optional.of(
          minedAt(payment, mined, "before", "was opened", openedAt)
              + "an intent accepts only a payment made after it was opened, so this payment"
              + " cannot be claimed with it");
    }
    if (mined.isAfter(expiresAt.plus(window.clockAllowance()))) {
      return Optional.of(
          minedAt(payment, mined, "after", "expired", expiresAt)
              + "an expired intent accepts no payment");
    }
    return Optional.empty();
  }

  /** The start of the message on a payment mined outside this intent's window. */
  private String minedAt(Payment payment, Instant mined, String side, String event, Instant at) {
    return "transaction "
        + payment.hash().text()
        + " was mined at "
        + mined
        + ", "
        + side
        + " payment intent "
        + id
        + " "
        + event
        + " ("
        + at
        + "); ";
  }

  /** The width of one price's amounts: a cent of a stablecoin, or 0.0001 BTC. */
  public static BigDecimal step(boolean bitcoin) {
    return bitcoin ? new BigDecimal("0.0001") : new BigDecimal("0.01");
  }

  /**
   * The exact amount an intent reserves for a base amount: the base plus a sub-unit offset that
   * tells it apart from the chain's other intents (1 to 9,999 millionths of a stablecoin — less
   * than a cent —, or 1 to 9,999 satoshis on bitcoin). The offset is paid and credited like the
   * rest.
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
