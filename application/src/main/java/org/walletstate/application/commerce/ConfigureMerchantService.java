package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.List;
import java.util.function.Function;
import org.walletstate.application.commerce.port.in.ConfigureMerchantUseCase;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.SettingsUpdate;
import org.walletstate.domain.commerce.TokenUpdate;

/** The owner's configuration of a merchant: tokens, NFT collections, settings, the directory. */
public final class ConfigureMerchantService implements ConfigureMerchantUseCase {

  private final MerchantStore store;
  private final Clock clock;

  // Same constructor shape as DiscountCodeService's and EligibilityService's by design: each is
  // handed only the ports it uses, and there is no logic to share.
  public ConfigureMerchantService(MerchantStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  @Override
  public Uni<OwnerResult<Merchant>> tokens(KeyAccount key, CompanyId id, TokenUpdate update) {
    return change(key, id, m -> m.withTokens(update.applyTo(m.tokens())));
  }

  @Override
  public Uni<OwnerResult<Merchant>> nfts(
      KeyAccount key, CompanyId id, List<NftCollection> collections) {
    return change(key, id, m -> m.withNftCollections(collections));
  }

  @Override
  public Uni<OwnerResult<Merchant>> settings(KeyAccount key, CompanyId id, SettingsUpdate update) {
    return change(key, id, m -> m.withSettings(m.settings().apply(update, clock.instant())));
  }

  @Override
  public Uni<OwnerResult<Merchant>> directory(KeyAccount key, CompanyId id, boolean listed) {
    return store
        .modify(
            id,
            key.id(),
            m -> {
              if (listed && m.publishRefusal().isPresent()) {
                return new MerchantStore.Change<OwnerResult<Merchant>>(
                    m,
                    new OwnerResult.Conflict<>(
                        new OwnerResult.Refusal(
                            OwnerResult.Refusal.Kind.PUBLISH_NEEDS_VERIFIED_DOMAIN, m.id())));
              }
              Merchant next = m.withListed(listed);
              return new MerchantStore.Change<OwnerResult<Merchant>>(
                  next, new OwnerResult.Done<>(next));
            })
        .map(access -> OwnerAccess.flatten(id, access));
  }

  private Uni<OwnerResult<Merchant>> change(
      KeyAccount key, CompanyId id, Function<Merchant, Merchant> change) {
    return store
        .modify(
            id,
            key.id(),
            m -> {
              Merchant next = change.apply(m);
              return new MerchantStore.Change<OwnerResult<Merchant>>(
                  next, new OwnerResult.Done<>(next));
            })
        .map(access -> OwnerAccess.flatten(id, access));
  }
}
