package org.walletstate.application.account.port.in;

import io.smallrye.mutiny.Uni;
import java.util.Optional;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
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

    /** Not a valid payment: 400 with the reason. */
    record NotAPayment(String reason) implements Outcome {}

    /** A read did not complete: 503 rpc_failure naming it, nothing written. */
    record Unavailable(VerifyPaymentUseCase.Verification.Unavailable read) implements Outcome {}

    /** The transaction credited before: nothing written. */
    record AlreadyCredited(Payment payment) implements Outcome {}

    /** The sender already identifies a key: nothing written. */
    record WalletHasKey(Payment payment) implements Outcome {}

    /**
     * The caller did not show the payment is theirs where the purchase needs it (a missing, refused
     * or wrong sender proof or payment intent): 403 with the reason, nothing written.
     */
    record PayerRefused(Payment payment, String reason) implements Outcome {}

    /** The payment intent was claimed before: nothing written. */
    record IntentUsed(Payment payment) implements Outcome {}
  }
}
