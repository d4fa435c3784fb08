package org.walletstate.domain.holding;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.KeyedValue;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainFamily;

/**
 * The wallets of a request, at most one per chain family: a holding on a chain is read for the
 * wallet of the chain's family.
 */
public final class Wallets extends KeyedValue {

  private final Map<ChainFamily, WalletAddress> byFamily;

  private Wallets(Map<ChainFamily, WalletAddress> byFamily) {
    super(byFamily);
    this.byFamily = byFamily;
  }

  /**
   * @param wallets each of its own family; at least one
   * @throws IllegalArgumentException when two wallets share a family, or there is none
   */
  public static Wallets of(Iterable<? extends WalletAddress> wallets) {
    Map<ChainFamily, WalletAddress> byFamily = new EnumMap<>(ChainFamily.class);
    for (WalletAddress wallet : wallets) {
      if (byFamily.put(wallet.family(), wallet) != null) {
        throw new IllegalArgumentException("two wallets of family " + wallet.family());
      }
    }
    if (byFamily.isEmpty()) {
      throw new IllegalArgumentException("a request names at least one wallet");
    }
    return new Wallets(Collections.unmodifiableMap(byFamily));
  }

  /** The wallet read on chains of {@code family}, if the request gave one. */
  public Optional<WalletAddress> of(ChainFamily family) {
    return Optional.ofNullable(byFamily.get(family));
  }

  /** The EVM wallet, if the request gave one. */
  public Optional<EvmAddress> evm() {
    return of(ChainFamily.EVM).map(EvmAddress.class::cast);
  }

  /**
   * The wallet a signed statement names as its subject: the EVM wallet when there is one, otherwise
   * the first wallet in family order.
   */
  public WalletAddress subject() {
    return byFamily.values().iterator().next();
  }
}
