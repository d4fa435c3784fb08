package org.walletstate.domain.chain;

import java.util.Objects;

/**
 * One supported chain and what the interface allows on it.
 *
 * @param id wire identity
 * @param name human name
 * @param family ledger kind
 * @param nativeCurrency the chain's own asset
 * @param merchantConfiguration whether merchants may configure tokens on it
 * @param payment whether it settles payments (credit purchases, code payments)
 * @param proofs EIP-1186 proof support (declined for every non-EVM chain)
 */
public record Chain(
    ChainId id,
    String name,
    ChainFamily family,
    NativeCurrency nativeCurrency,
    boolean merchantConfiguration,
    boolean payment,
    ProofSupport proofs) {

  public Chain {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(family, "family");
    Objects.requireNonNull(nativeCurrency, "nativeCurrency");
    Objects.requireNonNull(proofs, "proofs");
    if ((family == ChainFamily.EVM) != (id instanceof ChainId.Evm)) {
      throw new IllegalArgumentException("family " + family + " does not match id " + id);
    }
  }

  public boolean isEvm() {
    return family == ChainFamily.EVM;
  }
}
