package org.walletstate.domain.commerce.discount;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.payment.PaymentClaim;

/**
 * A code's payment as {@code POST /v1/payment/confirm} states it (read by the application's {@code
 * commerce.port.in.CodePaymentCommands}): {@code code} (SVC- format), {@code txHash}, {@code
 * chainId} (a payment chain: a number or {@code solana}) and {@code amount} (USDC paid, a number or
 * decimal string, positive; no purchase minimum applies), and {@code payerProof} ({@link
 * PayerProof}) when the code was not issued to a proven wallet.
 *
 * @param code the code the payment is for
 * @param claim what the caller says it paid
 * @param payerProof the sender's signature binding the payment to the code, when sent
 */
public record CodePayment(DiscountCode code, PaymentClaim claim, Optional<PayerProof> payerProof) {

  public CodePayment {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(claim, "claim");
    Objects.requireNonNull(payerProof, "payerProof");
    // the claim holds its chain to the payment chains and a declared amount above 0; a code's
    // payment declares its amount on every chain, bitcoin included
    if (claim.declaredUsd().isEmpty()) {
      throw new ValidationException("amount is required");
    }
  }

  /** A confirm without a payer proof. */
  public CodePayment(DiscountCode code, PaymentClaim claim) {
    this(code, claim, Optional.empty());
  }
}
