package org.walletstate.devnet;

import java.util.Map;

/**
 * An {@code evm_snapshot} id per chain, taken by {@link Devnet#snapshot()}. anvil forgets a
 * snapshot (and every later one) when it is reverted to, so each snapshot can be reverted to once.
 */
public record DevnetSnapshot(Map<Long, String> ids) {
  public DevnetSnapshot {
    ids = Map.copyOf(ids);
  }
}
