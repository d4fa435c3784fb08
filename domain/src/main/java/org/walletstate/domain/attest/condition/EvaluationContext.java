package org.walletstate.domain.attest.condition;

import java.util.Objects;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.payload.KeyVersion;

/**
 * What a condition is evaluated with.
 *
 * @param wallet the wallet the condition is about
 * @param keyVersion the caller's key version (v1 conditions are signed in the v1 shape)
 * @param anchor where every read of the chain was pinned
 * @param readings the answers to the condition's reads at that anchor
 * @param path the condition's path in messages ({@code conditions[2]})
 * @param <W> the wallet type of the chain's family
 */
public record EvaluationContext<W extends WalletAddress>(
    W wallet, KeyVersion keyVersion, Anchor anchor, Readings readings, String path) {

  public EvaluationContext {
    Objects.requireNonNull(wallet, "wallet");
    Objects.requireNonNull(keyVersion, "keyVersion");
    Objects.requireNonNull(anchor, "anchor");
    Objects.requireNonNull(readings, "readings");
    Objects.requireNonNull(path, "path");
  }

  /**
   * The anchor as an EVM block, for conditions that read block fields (the timestamp).
   *
   * @throws IllegalStateException when the chain is not an EVM chain
   */
  public Anchor.EvmBlock evmBlock() {
    if (anchor instanceof Anchor.EvmBlock block) {
      return block;
    }
    throw new IllegalStateException("not anchored at an EVM block: " + anchor);
  }

  /** The path of one of the condition's members ({@code conditions[2].decimals}). */
  public String field(String member) {
    return path + "." + member;
  }
}
