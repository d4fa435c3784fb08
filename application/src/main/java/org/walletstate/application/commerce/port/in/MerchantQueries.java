package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.Merchant;

/**
 * Reading merchants: the owner's full status, the key's own merchants, the public single read, the
 * directory.
 */
public interface MerchantQueries {

  /**
   * Private full details for the owner key, with the key's balance and the codes the store issued
   * since 00:00 UTC.
   */
  Uni<OwnerResult<Owned>> status(KeyAccount key, CompanyId id);

  record Owned(Merchant merchant, long credits, long codesIssuedToday) {}

  /** The merchants the key owns, oldest first. */
  Uni<List<Merchant>> owned(KeyAccount key);

  /** The public read: empty for an unknown, unpublished or paused store. */
  Uni<Optional<Merchant>> publicView(CompanyId id);

  /** Published, unpaused stores. */
  Uni<Directory> directory(DirectoryQuery query);

  record Directory(List<Merchant> merchants, long total, DirectoryQuery query) {}
}
