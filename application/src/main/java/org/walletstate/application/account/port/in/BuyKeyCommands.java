package org.walletstate.application.account.port.in;

import java.util.Optional;
import org.walletstate.application.payment.port.in.PurchaseClaims;
import org.walletstate.domain.account.AppName;
import org.walletstate.domain.account.ChannelTag;
import org.walletstate.domain.account.KeyDelivery;
import org.walletstate.domain.account.KeyPurchaseRequest;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** Reads the body of {@link BuyKeyUseCase}: {@code POST /v1/keys/buy}. */
public final class BuyKeyCommands {

  private BuyKeyCommands() {}

  public static KeyPurchaseRequest purchase(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    PaymentClaim claim = PurchaseClaims.payment(fields);
    AppName appName = AppName.parse(fields.requiredText("appName"));
    KeyDelivery delivery =
        fields
            .optionalText("keyDelivery")
            .map(d -> KeyDelivery.parse(d, "keyDelivery"))
            .orElse(KeyDelivery.WALLET);
    Optional<ChannelTag> channel = fields.optionalText("channel").map(ChannelTag::new);
    return new KeyPurchaseRequest(claim, appName, delivery, channel, PurchaseClaims.payer(fields));
  }
}
