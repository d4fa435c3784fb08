package org.walletstate.domain.attest;

import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;

/**
 * Chains whose native balance is also an ERC-20 balance of one predeployed contract, so a native
 * and an ERC-20 {@code token_balance} there read the same holding twice: CELO on Celo (token
 * duality) and USDC on Arc (the USDC predeploy, a 6-decimal view of the 18-decimal native balance).
 */
final class NativeMirrors {

  private static final Map<ChainId, EvmAddress> MIRRORS =
      Map.of(
          ChainId.evm(42220), EvmAddress.of("0x471EcE3750Da237f93B8E339c536989b8978a438"),
          ChainId.evm(5042), EvmAddress.of("0x3600000000000000000000000000000000000000"));

  private NativeMirrors() {}

  static Optional<EvmAddress> on(ChainId chain) {
    return Optional.ofNullable(MIRRORS.get(chain));
  }
}
