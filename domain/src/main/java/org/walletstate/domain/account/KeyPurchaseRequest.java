package org.walletstate.domain.account;

import java.util.Optional;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.payer.PayerClaim;

/**
 * {@code POST /v1/keys/buy}: {@code txHash}, {@code chainId}, {@code amount}, {@code appName},
 * {@code keyDelivery} (default {@code wallet}), an optional {@code channel} tag and the payer's
 * {@code senderProof} or {@code paymentIntent} ({@link PayerClaim}).
 */
public record KeyPurchaseRequest(
    PaymentClaim payment,
    AppName appName,
    KeyDelivery delivery,
    Optional<ChannelTag> channel,
    PayerClaim payer) {}
