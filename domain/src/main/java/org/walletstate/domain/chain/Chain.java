package org.walletstate.domain.chain;

import java.util.Objects;
import java.util.Set;

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
 * @param anchorTags the anchors an attest request may ask for on it: always {@link
 *     AnchorTag#LATEST}, plus {@code safe} and {@code finalized} where the chain's nodes serve
 *     those block tags (sourced in {@code docs/chains.md})
 */
public record Chain(
    ChainId id,
    String name,
    ChainFamily family,
    NativeCurrency nativeCurrency,
    boolean merchantConfiguration,
    boolean payment,
    ProofSupport proofs,
    Set<AnchorTag> anchorTags) {

  // Null checks written out by design: a record validates its own components on construction.
  public Chain {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(family, "family");
    Objects.requireNonNull(nativeCurrency, "nativeCurrency");
    Objects.requireNonNull(proofs, "proofs");
    anchorTags = Set.copyOf(anchorTags);
    if (!anchorTags.contains(AnchorTag.LATEST)) {
      throw new IllegalArgumentException("every chain can be read at its latest block");
    }
    if (family != ChainFamily.EVM && anchorTags.size() > 1) {
      throw new IllegalArgumentException("only EVM chains serve the safe and finalized tags");
    }
    if ((family == ChainFamily.EVM) != (id instanceof ChainId.Evm)) {
      throw new IllegalArgumentException("family " + family + " does not match id " + id);
    }
  }

  /** Whether an attest request may anchor this chain at {@code tag}. */
  public boolean serves(AnchorTag tag) {
    return anchorTags.contains(tag);
  }

  public boolean isEvm() {
    return family == ChainFamily.EVM;
  }
}
