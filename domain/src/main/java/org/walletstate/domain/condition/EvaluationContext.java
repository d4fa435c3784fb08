package org.walletstate.domain.condition;

import java.util.Objects;
import org.walletstate.domain.account.KeyVersion;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attestation.Anchor;
import org.walletstate.domain.read.ReadOutcomes;

/**
 * What a condition is evaluated with.
 *
 * @param wallet the wallet the conditions are about
 * @param keyVersion the caller's key version (v1 conditions are signed in the v1 shape)
 * @param anchor the block every read of the chain was pinned to
 * @param outcomes the outcomes of the condition's reads at that block
 * @param path the condition's path in messages ({@code conditions[2]})
 */
public record EvaluationContext(
    EvmAddress wallet,
    KeyVersion keyVersion,
    Anchor.EvmBlock anchor,
    ReadOutcomes outcomes,
    String path) {

  public EvaluationContext {
    Objects.requireNonNull(wallet, "wallet");
    Objects.requireNonNull(keyVersion, "keyVersion");
    Objects.requireNonNull(anchor, "anchor");
    Objects.requireNonNull(outcomes, "outcomes");
    Objects.requireNonNull(path, "path");
  }

  /** The path of one of the condition's members ({@code conditions[2].decimals}). */
  public String field(String member) {
    return path + "." + member;
  }
}
