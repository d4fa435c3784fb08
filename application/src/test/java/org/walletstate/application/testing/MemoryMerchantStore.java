package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NewMerchant;

/**
 * Merchants in one map, every change applied whole and only by the owner. Creation keeps the port's
 * rules: an externalId the key used before updates that store's name and location (or is held by it
 * under another id); otherwise the key's count against the limit, the id, then the name (unless
 * duplicates are allowed). The public directory is not kept here (it is a query of the database
 * adapter's, tested with PostgreSQL): it answers an empty page.
 */
public final class MemoryMerchantStore implements MerchantStore {

  private final Map<String, Merchant> rows = new LinkedHashMap<>();
  private final Set<Long> partners = new HashSet<>();

  /** Stores {@code merchant} as it is, replacing one with its id. */
  public synchronized MemoryMerchantStore put(Merchant merchant) {
    rows.put(merchant.id().key(), merchant);
    return this;
  }

  /** The merchant stored under {@code key} (its company id's key). */
  public synchronized Optional<Merchant> row(String key) {
    return Optional.ofNullable(rows.get(key));
  }

  public synchronized List<Merchant> all() {
    return new ArrayList<>(rows.values());
  }

  public synchronized void clear() {
    rows.clear();
  }

  /** Marks {@code keyId} as a partner key. */
  public synchronized MemoryMerchantStore partner(long keyId) {
    partners.add(keyId);
    return this;
  }

  @Override
  public synchronized Uni<Creation> create(NewRow row) {
    return Uni.createFrom().item(creation(row));
  }

  private Creation creation(NewRow row) {
    Merchant m = row.merchant();
    Optional<Merchant> sameExternal =
        m.externalId()
            .flatMap(
                external ->
                    rows.values().stream()
                        .filter(
                            o -> o.ownedBy(m.ownerKeyId()) && o.externalId().equals(m.externalId()))
                        .findFirst());
    if (sameExternal.isPresent()) {
      Merchant existing = sameExternal.get();
      if (!existing.id().key().equals(m.id().key())) {
        return new Creation.ExternalIdHeld(existing.id());
      }
      if (!nameFree(row, existing.id().key())) {
        return new Creation.NameTaken();
      }
      Merchant next = existing.withDetails(m.companyName(), m.location());
      rows.put(next.id().key(), next);
      return new Creation.Upserted(next);
    }
    if (rows.values().stream().filter(o -> o.ownedBy(m.ownerKeyId())).count() >= row.limit()) {
      return new Creation.LimitReached(row.limit());
    }
    if (!nameFree(row, "")) {
      return new Creation.NameTaken();
    }
    if (rows.containsKey(m.id().key())) {
      return new Creation.IdTaken();
    }
    rows.put(m.id().key(), m);
    return new Creation.Created(m);
  }

  private boolean nameFree(NewRow row, String exceptKey) {
    return row.allowDuplicateName()
        || rows.values().stream()
            .filter(o -> !o.id().key().equals(exceptKey))
            .noneMatch(o -> NewMerchant.nameKey(o.companyName()).equals(row.nameKey()));
  }

  @Override
  public synchronized Uni<Optional<Merchant>> find(CompanyId id) {
    return Uni.createFrom().item(Optional.ofNullable(rows.get(id.key())));
  }

  @Override
  public synchronized <R> Uni<Access<R>> modify(
      CompanyId id, long keyId, Function<Merchant, Change<R>> change) {
    Merchant m = rows.get(id.key());
    if (m == null) {
      return Uni.createFrom().item(new Access.NotFound<>());
    }
    if (!m.ownedBy(keyId)) {
      return Uni.createFrom().item(new Access.NotOwner<>());
    }
    Change<R> c = change.apply(m);
    rows.put(id.key(), c.next());
    return Uni.createFrom().item(new Access.Done<>(c.result()));
  }

  @Override
  public Uni<Page> directory(DirectoryQuery query) {
    return Uni.createFrom().item(new Page(List.of(), 0));
  }

  @Override
  public synchronized Uni<List<Merchant>> ownedBy(long keyId) {
    return Uni.createFrom().item(rows.values().stream().filter(m -> m.ownedBy(keyId)).toList());
  }

  @Override
  public synchronized Uni<Boolean> partnerEnabled(long keyId) {
    return Uni.createFrom().item(partners.contains(keyId));
  }
}
