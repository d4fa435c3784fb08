package org.walletstate.application.commerce;

import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.domain.commerce.CompanyId;

/** What an operation for a merchant's owner key answers when the key is not the owner's. */
final class OwnerAccess {

  static final String NOT_OWNER = "This API key does not own merchant ";

  private OwnerAccess() {}

  /** A store access whose result is itself an owner result. */
  static <T> OwnerResult<T> flatten(CompanyId id, MerchantStore.Access<OwnerResult<T>> access) {
    if (access instanceof MerchantStore.Access.Done<OwnerResult<T>> done) {
      return done.result();
    }
    if (access instanceof MerchantStore.Access.NotOwner<OwnerResult<T>>) {
      return new OwnerResult.Forbidden<>(OwnerAccess.NOT_OWNER + id);
    }
    return new OwnerResult.NotFound<>();
  }
}
