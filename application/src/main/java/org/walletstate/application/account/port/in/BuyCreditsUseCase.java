package org.walletstate.application.account.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.domain.account.CreditPurchaseRequest;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.payment.Payment;

/**
 * {@code POST /v1/credits/buy}: credits for the caller's key at the volume rate. The first purchase
 * registers the sender as the key's wallet; later purchases must come from it. {@code updateWallet:
 * true} replaces the wallet with the sender for key-authenticated callers and is ignored for
 * wallet-authenticated ones.
 */
public interface BuyCreditsUseCase {

  /**
   * @param account the buying key
   * @param request the payment
   * @param walletAuthenticated true when the caller signed in with its wallet
   */
  Uni<Outcome> buy(KeyAccount account, CreditPurchaseRequest request, boolean walletAuthenticated);

  /** What happened. */
  sealed interface Outcome {
    /**
     * @param payment the verified payment
     * @param credits credits added
     * @param rate credits per USD applied
     * @param balance the key's credits after
     * @param walletChanged the sender became the key's wallet now
     * @param updateWalletIgnored {@code updateWallet: true} was sent by a wallet-authenticated
     *     caller
     */
    record Credited(
        Payment payment,
        long credits,
        int rate,
        long balance,
        boolean walletChanged,
        boolean updateWalletIgnored)
        implements Outcome {}

    /** The payment came from another wallet than the key's. */
    record WalletMismatch(Payment payment, String registered) implements Outcome {}

    /** The sender is another key's wallet. */
    record WalletOfAnotherKey(Payment payment) implements Outcome {}

    /** Nothing was written; the refusal says why. */
    record Refused(PurchaseRefusal refusal) implements Outcome {}
  }
}
