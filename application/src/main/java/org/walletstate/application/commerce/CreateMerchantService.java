package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import org.walletstate.application.commerce.port.in.CreateMerchantUseCase;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.MerchantLimits;
import org.walletstate.domain.commerce.NewMerchant;

/** Onboarding: a merchant created (or upserted by its externalId) for the calling key. */
public final class CreateMerchantService implements CreateMerchantUseCase {

  private final MerchantStore store;
  private final CreditLedger ledger;
  private final Clock clock;

  // Same constructor shape as CreateFreeKey's and WatchService's by design: each is handed only the
  // ports it uses, and there is no logic to share.
  public CreateMerchantService(MerchantStore store, CreditLedger ledger, Clock clock) {
    this.store = store;
    this.ledger = ledger;
    this.clock = clock;
  }

  @Override
  public Uni<Outcome> create(KeyAccount key, NewMerchant request) {
    return store
        .partnerEnabled(key.id())
        .flatMap(
            partner -> {
              if (request.externalId().isPresent() && !partner) {
                return Uni.createFrom().item(new Outcome.ExternalIdNotAllowed());
              }
              Merchant merchant = Merchant.create(request, key.id(), partner, clock.instant());
              return store
                  .create(
                      new MerchantStore.NewRow(
                          merchant,
                          NewMerchant.nameKey(request.companyName()),
                          request.allowDuplicateName(),
                          MerchantLimits.forKey(partner)))
                  .flatMap(creation -> outcome(key, request, creation));
            });
  }

  private Uni<Outcome> outcome(KeyAccount key, NewMerchant request, MerchantStore.Creation c) {
    if (c instanceof MerchantStore.Creation.Created created) {
      return ledger.balance(key.id()).map(b -> new Outcome.Stored(created.merchant(), b, true));
    }
    if (c instanceof MerchantStore.Creation.Upserted upserted) {
      return ledger.balance(key.id()).map(b -> new Outcome.Stored(upserted.merchant(), b, false));
    }
    Outcome refused;
    if (c instanceof MerchantStore.Creation.NameTaken) {
      refused = new Outcome.NameTaken(request.companyName());
    } else if (c instanceof MerchantStore.Creation.IdTaken) {
      refused = new Outcome.IdTaken(request.id());
    } else if (c instanceof MerchantStore.Creation.ExternalIdHeld held) {
      refused = new Outcome.ExternalIdHeld(held.existing());
    } else {
      refused = new Outcome.LimitReached(((MerchantStore.Creation.LimitReached) c).limit());
    }
    return Uni.createFrom().item(refused);
  }
}
