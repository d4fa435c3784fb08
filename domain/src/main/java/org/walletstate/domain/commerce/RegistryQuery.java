package org.walletstate.domain.commerce;

import java.util.Optional;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.request.RequestValue;

/** {@code GET /v1/tokens}: listed entries, by chain, symbol (case-insensitive) and type. */
public record RegistryQuery(
    Optional<Chain> chain, Optional<String> symbol, Optional<RegistryType> type) {

  public static RegistryQuery parse(String chain, String symbol, String type) {
    return new RegistryQuery(
        chain == null
            ? Optional.empty()
            : Optional.of(ChainCatalogue.parse(new RequestValue.Text(chain), "chain")),
        symbol == null
            ? Optional.empty()
            : Optional.of(Members.bounded(symbol, "symbol", TokenConfig.SYMBOL_MAX)),
        type == null ? Optional.empty() : Optional.of(RegistryType.parse(type, "type")));
  }
}
