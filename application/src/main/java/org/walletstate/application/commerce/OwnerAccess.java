package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import java.util.function.Function;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;

/** What an operation for a merchant's owner key answers when the key is not the owner's. */
final class OwnerAccess {

  static final String NOT_OWNER = "This API key does not own merchant ";

  private OwnerAccess() {}

  /**
   * What {@code then} answers for the key's own merchant, as {@link OwnerResult.Done}; a merchant
   * not found, or another key's, is answered as such and {@code then} is not asked.
   */
  static <T> Uni<OwnerResult<T>> owned(
      MerchantStore store, KeyAccount key, CompanyId id, Function<Merchant, Uni<T>> then) {
    return store
        .find(id)
        .flatMap(
            found -> {
              if (found.isEmpty()) {
                return Uni.createFrom().item(new OwnerResult.NotFound<T>());
              }
              Merchant m = found.get();
              if (!m.ownedBy(key.id())) {
                return Uni.createFrom().item(new OwnerResult.Forbidden<T>(NOT_OWNER + m.id()));
              }
              return then.apply(m).map(result -> (OwnerResult<T>) new OwnerResult.Done<>(result));
            });
  }

  /** A store access whose result is itself an owner result. */
  static <T> OwnerResult<T> flatten(CompanyId id, MerchantStore.Access<OwnerResult<T>> access) {
    if (access instanceof MerchantStore.Access.Done<OwnerResult<T>> done) {
      return done.result();
    }
    return notReached(id, access);
  }

  /** A store access that did not reach the key's own merchant: another key's, or none. */
  static <T> OwnerResult<T> notReached(CompanyId id, MerchantStore.Access<?> access) {
    return access instanceof MerchantStore.Access.NotOwner<?>
        ? new OwnerResult.Forbidden<>(NOT_OWNER + id)
        : new OwnerResult.NotFound<>();
  }
}
