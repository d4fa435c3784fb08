package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NewMerchant;

/** {@code POST /v1/merchants}: the calling key creates (or, by externalId, updates) a store. */
public interface CreateMerchantUseCase {

  Uni<Outcome> create(KeyAccount key, NewMerchant request);

  // Same shape as OpenPaymentIntentUseCase's outcome by design: each use case answers in its own
  // sealed type.
  /** What happened. */
  sealed interface Outcome {
    /**
     * @param merchant the store
     * @param credits the owner key's balance
     * @param created false when an externalId upsert found the key's existing store
     */
    record Stored(Merchant merchant, long credits, boolean created) implements Outcome {}

    record NameTaken(String companyName) implements Outcome {}

    record IdTaken(CompanyId id) implements Outcome {}

    /** The key already has another store under this externalId. */
    record ExternalIdHeld(CompanyId existing) implements Outcome {}

    /** externalId is for partner-enabled keys. */
    record ExternalIdNotAllowed() implements Outcome {}

    record LimitReached(int limit) implements Outcome {}
  }
}
