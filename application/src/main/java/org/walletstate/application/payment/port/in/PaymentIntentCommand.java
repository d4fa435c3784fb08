package org.walletstate.application.payment.port.in;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.payment.PaymentCheck;

/**
 * A validated {@code POST /v1/payment-intents} body: {@code chainId} (a payment chain), {@code
 * amount} (the base amount: USD in whole cents, at least 5 and at most 1,000,000, for stablecoins;
 * BTC with at most 4 decimals on bitcoin) and {@code purpose} ({@code keys/buy}, {@code
 * credits/buy}, {@code merchant-credits} or {@code plans/buy}). Read by {@link
 * PaymentIntentCommands#open}.
 */
public record PaymentIntentCommand(Chain chain, BigDecimal base, String purpose) {

  public static final List<String> PURPOSES =
      List.of("keys/buy", "credits/buy", "merchant-credits", "plans/buy");
  private static final BigDecimal MAX_USD = BigDecimal.valueOf(1_000_000);
  private static final BigDecimal MAX_BTC = BigDecimal.valueOf(100);

  /**
   * @throws ValidationException with the reader's message when the chain settles no payments, the
   *     amount is out of range or finer than its unit allows, or the purpose is not one of {@link
   *     #PURPOSES}
   */
  public PaymentIntentCommand {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(base, "base");
    Objects.requireNonNull(purpose, "purpose");
    paymentChain(chain);
    inRange(base, chain.family() == ChainFamily.BITCOIN);
    knownPurpose(purpose);
  }

  static void paymentChain(Chain chain) {
    if (!chain.payment()) {
      throw new ValidationException(
          "chainId " + chain.id() + " (" + chain.name() + ") is not a payment chain");
    }
  }

  static void knownPurpose(String purpose) {
    if (!PURPOSES.contains(purpose)) {
      throw new ValidationException("purpose must be one of " + String.join(", ", PURPOSES));
    }
  }

  /** At most 4 decimals of BTC or 2 of USD, within the bounds. */
  static void inRange(BigDecimal base, boolean bitcoin) {
    BigDecimal amount = base.stripTrailingZeros();
    int decimals = bitcoin ? 4 : 2;
    if (amount.scale() > decimals) {
      throw new ValidationException(
          "amount has more than "
              + decimals
              + " decimals; the service adds the digits after them to make the amount unique");
    }
    BigDecimal min = bitcoin ? new BigDecimal("0.0001") : PaymentCheck.MINIMUM_USD;
    BigDecimal max = bitcoin ? MAX_BTC : MAX_USD;
    if (amount.compareTo(min) < 0 || amount.compareTo(max) > 0) {
      throw new ValidationException(
          "amount must be between "
              + min.toPlainString()
              + " and "
              + max.toPlainString()
              + (bitcoin ? " BTC" : " USD"));
    }
  }
}
