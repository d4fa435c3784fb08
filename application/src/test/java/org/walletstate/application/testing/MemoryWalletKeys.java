package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.walletstate.application.port.out.WalletKeys;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.address.EvmAddress;

/** Keys by their registered wallet, and each wallet's nonces used once. */
public final class MemoryWalletKeys implements WalletKeys {

  private final Map<EvmAddress, KeyAccount> keys = new HashMap<>();
  private final Set<String> usedNonces = new HashSet<>();

  public synchronized MemoryWalletKeys register(EvmAddress wallet, KeyAccount account) {
    keys.put(wallet, account);
    return this;
  }

  /** Whether {@code wallet} used {@code nonce}. */
  public synchronized boolean used(EvmAddress wallet, String nonce) {
    return usedNonces.contains(wallet + "/" + nonce);
  }

  @Override
  public synchronized Uni<Optional<KeyAccount>> findByWallet(EvmAddress wallet) {
    return Uni.createFrom().item(Optional.ofNullable(keys.get(wallet)));
  }

  @Override
  public synchronized Uni<Boolean> useNonce(EvmAddress wallet, String nonce, Instant at) {
    return Uni.createFrom().item(usedNonces.add(wallet + "/" + nonce));
  }
}
