package org.walletstate.domain.commerce;

import java.util.Optional;
import org.walletstate.domain.chain.Chain;

/** {@code GET /v1/tokens}: listed entries, by chain, symbol (case-insensitive) and type. */
public record RegistryQuery(
    Optional<Chain> chain, Optional<String> symbol, Optional<RegistryType> type) {}
