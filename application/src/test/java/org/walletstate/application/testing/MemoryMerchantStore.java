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

/**
 * Merchants in one map, every change applied whole and only by the owner. The public directory is
 * not kept here (it is a query of the database adapter's, tested with PostgreSQL): it answers an
 * empty page.
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
    rows.put(row.merchant().id().key(), row.merchant());
    return Uni.createFrom().item(new Creation.Created(row.merchant()));
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
