package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.walletstate.application.commerce.port.in.ConfigureMerchantUseCase;
import org.walletstate.application.commerce.port.in.CreateMerchantUseCase;
import org.walletstate.application.commerce.port.in.MerchantQueries;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.out.IssuedCodeCounts;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.MerchantLimits;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.SettingsUpdate;
import org.walletstate.domain.commerce.TokenUpdate;

/** Onboarding, configuration and reads of merchants. */
public final class MerchantService
    implements CreateMerchantUseCase, ConfigureMerchantUseCase, MerchantQueries {

  static final String NOT_OWNER = "This API key does not own merchant ";

  private final MerchantStore store;
  private final CreditLedger ledger;
  private final IssuedCodeCounts codes;
  private final Clock clock;

  public MerchantService(
      MerchantStore store, CreditLedger ledger, IssuedCodeCounts codes, Clock clock) {
    this.store = store;
    this.ledger = ledger;
    this.codes = codes;
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
              Optional<String> refusal = listed ? m.publishRefusal() : Optional.empty();
              if (refusal.isPresent()) {
                return new MerchantStore.Change<OwnerResult<Merchant>>(
                    m, new OwnerResult.Conflict<>(refusal.get()));
              }
              Merchant next = m.withListed(listed);
              return new MerchantStore.Change<OwnerResult<Merchant>>(
                  next, new OwnerResult.Done<>(next));
            })
        .map(access -> flatten(id, access));
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
        .map(access -> flatten(id, access));
  }

  /** A store access whose result is itself an owner result. */
  static <T> OwnerResult<T> flatten(CompanyId id, MerchantStore.Access<OwnerResult<T>> access) {
    if (access instanceof MerchantStore.Access.Done<OwnerResult<T>> done) {
      return done.result();
    }
    if (access instanceof MerchantStore.Access.NotOwner<OwnerResult<T>>) {
      return new OwnerResult.Forbidden<>(NOT_OWNER + id);
    }
    return new OwnerResult.NotFound<>();
  }

  @Override
  public Uni<OwnerResult<Owned>> status(KeyAccount key, CompanyId id) {
    return store
        .find(id)
        .flatMap(
            found -> {
              if (found.isEmpty()) {
                return Uni.createFrom().item(new OwnerResult.NotFound<Owned>());
              }
              Merchant m = found.get();
              if (!m.ownedBy(key.id())) {
                return Uni.createFrom().item(new OwnerResult.Forbidden<Owned>(NOT_OWNER + m.id()));
              }
              return ownerView(key, m).map(o -> (OwnerResult<Owned>) new OwnerResult.Done<>(o));
            });
  }

  /** The key's balance and the store's codes since 00:00 UTC (the day its limits count). */
  private Uni<Owned> ownerView(KeyAccount key, Merchant m) {
    Instant dayStart =
        LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)
            .atStartOfDay(ZoneOffset.UTC)
            .toInstant();
    return ledger
        .balance(key.id())
        .flatMap(b -> codes.issuedSince(m.id(), dayStart).map(n -> new Owned(m, b, n)));
  }

  @Override
  public Uni<List<Merchant>> owned(KeyAccount key) {
    return store.ownedBy(key.id());
  }

  @Override
  public Uni<Optional<Merchant>> publicView(CompanyId id) {
    return store.find(id).map(found -> found.filter(m -> m.listed() && !m.paused()));
  }

  @Override
  public Uni<Directory> directory(DirectoryQuery query) {
    return store.directory(query).map(page -> new Directory(page.merchants(), page.total(), query));
  }
}
