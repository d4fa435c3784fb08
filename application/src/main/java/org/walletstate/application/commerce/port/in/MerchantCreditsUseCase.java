package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.application.payment.port.in.PurchaseRefusal;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.MerchantCreditsRequest;
import org.walletstate.domain.payment.Payment;

/**
 * {@code POST /v1/merchants/{id}/credits}: credits bought with a verified on-chain payment, at a
 * flat 25 per USD, into the owner key's balance. The key's wallet rules are those of every
 * purchase: the first registers the sender, later ones must come from it, {@code updateWallet:
 * true} replaces it. A transaction hash credits once, whatever it was used for.
 */
public interface MerchantCreditsUseCase {

  /**
   * @param key the calling key; it must own the merchant
   * @param id the merchant
   * @param request the payment
   */
  Uni<OwnerResult<Outcome>> buy(KeyAccount key, CompanyId id, MerchantCreditsRequest request);

  /** What happened to an owner's purchase. */
  sealed interface Outcome {
    /**
     * @param payment the verified payment
     * @param credits credits added
     * @param balance the owner key's credits after
     */
    record Credited(Payment payment, long credits, long balance) implements Outcome {}

    /** The payment came from another wallet than the key's registered one. */
    record WalletMismatch(Payment payment, String registered) implements Outcome {}

    /** The sender is another key's registered wallet. */
    record WalletOfAnotherKey(Payment payment) implements Outcome {}

    /** Nothing was written; the refusal says why. */
    record Refused(PurchaseRefusal refusal) implements Outcome {}
  }
}
