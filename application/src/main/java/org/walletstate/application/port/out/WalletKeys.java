package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.address.EvmAddress;

/** Keys found by their registered wallet, and the single-use sign-in nonces of wallets. */
public interface WalletKeys {

  /** The key whose registered wallet is {@code wallet}, if any. */
  Uni<Optional<KeyAccount>> findByWallet(EvmAddress wallet);

  /**
   * Records the use of {@code nonce} by {@code wallet}.
   *
   * @return true when this is its first use; false when it was used before (also when a concurrent
   *     request used it first)
   */
  Uni<Boolean> useNonce(EvmAddress wallet, String nonce, Instant at);
}
