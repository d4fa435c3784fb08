package org.walletstate.domain.commerce;

import java.util.Objects;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.payer.PayerClaim;

/**
 * {@code POST /v1/merchants/{id}/credits}: the payment ({@code txHash}, {@code chainId}, {@code
 * amount}) and {@code updateWallet} (false when left out: the payment must come from the owner
 * key's registered wallet, or registers its sender when the key has none) and the payer's {@code
 * senderProof} or {@code paymentIntent} ({@link PayerClaim}).
 */
public record MerchantCreditsRequest(PaymentClaim payment, boolean updateWallet, PayerClaim payer) {

  public MerchantCreditsRequest {
    Objects.requireNonNull(payment, "payment");
    Objects.requireNonNull(payer, "payer");
  }
}
