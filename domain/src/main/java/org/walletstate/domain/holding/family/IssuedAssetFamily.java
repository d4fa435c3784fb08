package org.walletstate.domain.holding.family;

import java.util.Optional;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.FamilyHoldings;
import org.walletstate.domain.request.Fields;

/**
 * A family whose tokens are issued by an account under a code (Stellar, the XRP Ledger): its assets
 * and the issuers data names are read by its {@link IssuedAssets} rules.
 */
interface IssuedAssetFamily<W extends WalletAddress> extends FamilyHoldings<W> {

  /** The family's asset rules. */
  IssuedAssets assets();

  /** An issuer, in its signed form. */
  @Override
  default String contract(String text, String field) {
    return assets().issuerForm().parse(text, field);
  }

  @Override
  default Asset asset(Fields fields) {
    return assets().asset(fields);
  }

  @Override
  default Asset asset(String contract, Optional<String> code) {
    return assets().asset(contract, code);
  }
}
