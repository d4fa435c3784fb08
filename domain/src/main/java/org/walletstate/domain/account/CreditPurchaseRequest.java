package org.walletstate.domain.account;

import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.payer.PayerClaim;

/**
 * {@code POST /v1/credits/buy}: {@code txHash}, {@code chainId}, {@code amount} and {@code
 * updateWallet} (false when left out: the payment must come from the key's registered wallet, or
 * registers its sender when the key has none) and the payer's {@code senderProof} or {@code
 * paymentIntent} ({@link PayerClaim}).
 */
public record CreditPurchaseRequest(PaymentClaim payment, boolean updateWallet, PayerClaim payer) {}
