package org.walletstate.domain.account;

import java.util.Optional;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.payer.PayerClaim;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

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
    PayerClaim payer) {

  public static KeyPurchaseRequest parse(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    PaymentClaim claim = PaymentClaim.parse(fields);
    AppName appName = AppName.parse(fields.requiredText("appName"));
    KeyDelivery delivery =
        fields
            .optionalText("keyDelivery")
            .map(d -> KeyDelivery.parse(d, "keyDelivery"))
            .orElse(KeyDelivery.WALLET);
    Optional<ChannelTag> channel = fields.optionalText("channel").map(ChannelTag::new);
    return new KeyPurchaseRequest(claim, appName, delivery, channel, PayerClaim.parse(fields));
  }
}
