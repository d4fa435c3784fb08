package org.walletstate.domain.attest;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;

/**
 * The wallets of an attest request. The EVM wallet is validated; the others are kept as sent
 * (non-EVM chains are not read yet, so nothing checks their format).
 */
public record Wallets(
    Optional<EvmAddress> evm,
    Optional<String> solana,
    Optional<String> xrpl,
    Optional<String> bitcoin,
    Optional<String> tron,
    Optional<String> stellar,
    Optional<String> sui) {

  public Wallets {
    Objects.requireNonNull(evm, "evm");
    Objects.requireNonNull(solana, "solana");
    Objects.requireNonNull(xrpl, "xrpl");
    Objects.requireNonNull(bitcoin, "bitcoin");
    Objects.requireNonNull(tron, "tron");
    Objects.requireNonNull(stellar, "stellar");
    Objects.requireNonNull(sui, "sui");
  }
}
