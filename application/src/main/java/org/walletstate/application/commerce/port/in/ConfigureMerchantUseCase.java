package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import java.util.List;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.SettingsUpdate;
import org.walletstate.domain.commerce.TokenUpdate;

/**
 * The owner's configuration of a store: tokens, NFT collections, settings (with pause) and the
 * directory listing. Each answers with the merchant as stored after the change.
 */
public interface ConfigureMerchantUseCase {

  Uni<OwnerResult<Merchant>> tokens(KeyAccount key, CompanyId id, TokenUpdate update);

  Uni<OwnerResult<Merchant>> nfts(KeyAccount key, CompanyId id, List<NftCollection> collections);

  Uni<OwnerResult<Merchant>> settings(KeyAccount key, CompanyId id, SettingsUpdate update);

  /** Publishes ({@code listed} true) or unpublishes the store. */
  Uni<OwnerResult<Merchant>> directory(KeyAccount key, CompanyId id, boolean listed);
}
