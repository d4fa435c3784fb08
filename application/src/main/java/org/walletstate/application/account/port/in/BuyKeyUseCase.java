package org.walletstate.application.account.port.in;

import io.smallrye.mutiny.Uni;
import java.util.Optional;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.domain.account.AccessPassState;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.KeyDelivery;
import org.walletstate.domain.account.KeyPurchaseRequest;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.payment.Payment;

/**
 * {@code POST /v1/keys/buy}: a key paid on chain. The payment's sender becomes the key's identity
 * (one key per wallet); the payment buys credits at the volume rate; on EVM purchases the access
 * pass is minted to the sender.
 */
public interface BuyKeyUseCase {

  Uni<Outcome> buy(KeyPurchaseRequest request);

  /** What happened. */
  sealed interface Outcome {
    /**
     * @param key the key string when it is handed over (empty: wallet delivery with a minted pass)
     * @param request what was asked
     * @param payment the verified payment
     * @param wallet the key's identity (the sender); empty when claimed with a payment intent
     * @param plan the key's plan
     * @param credits credits added
     * @param balance the key's credits
     * @param authMethod how the caller can authenticate now
     * @param pass the access pass
     */
    record Bought(
        Optional<ApiKey> key,
        KeyPurchaseRequest request,
        Payment payment,
        Optional<WalletAddress> wallet,
        Plan plan,
        long credits,
        long balance,
        KeyDelivery authMethod,
        AccessPassState pass)
        implements Outcome {}

    /** The sender already identifies a key: nothing written. */
    record WalletHasKey(Payment payment) implements Outcome {}

    /** Nothing was written; the refusal says why. */
    record Refused(PurchaseRefusal refusal) implements Outcome {}
  }
}
