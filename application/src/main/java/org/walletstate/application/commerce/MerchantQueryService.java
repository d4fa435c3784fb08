package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.commerce.port.in.MerchantQueries;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.out.IssuedCodeCounts;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.Merchant;

/** Reads of merchants: the owner's status and stores, the public view and the directory. */
public final class MerchantQueryService implements MerchantQueries {

  private final MerchantStore store;
  private final CreditLedger ledger;
  private final IssuedCodeCounts codes;
  private final Clock clock;

  public MerchantQueryService(
      MerchantStore store, CreditLedger ledger, IssuedCodeCounts codes, Clock clock) {
    // Same constructor shape as AttestService's by design: each is handed only the ports it uses,
    // and there is no logic to share.
    this.store = store;
    this.ledger = ledger;
    this.codes = codes;
    this.clock = clock;
  }

  @Override
  public Uni<OwnerResult<Owned>> status(KeyAccount key, CompanyId id) {
    return OwnerAccess.owned(store, key, id, m -> ownerView(key, m));
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
