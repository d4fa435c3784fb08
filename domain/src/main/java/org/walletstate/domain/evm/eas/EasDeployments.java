package org.walletstate.domain.evm.eas;

import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;

/**
 * The chains on which the service reads EAS: those where EAS is the OP Stack predeploy at {@code
 * 0x4200…0021} and that deployment is confirmed from a primary source (the EAS contracts README):
 * Base (8453) and OP Mainnet (10). Other OP Stack chains are added here once their predeploy is
 * confirmed on chain.
 */
public final class EasDeployments {

  /** The OP Stack predeploy address of EAS. */
  public static final EvmAddress PREDEPLOY =
      EvmAddress.of("0x4200000000000000000000000000000000000021");

  private static final Map<ChainId, EvmAddress> DEPLOYMENTS =
      Map.of(ChainId.evm(8453), PREDEPLOY, ChainId.evm(10), PREDEPLOY);

  private EasDeployments() {}

  /** The EAS contract on {@code chain}, if the service reads EAS there. */
  public static Optional<EvmAddress> find(ChainId chain) {
    return Optional.ofNullable(DEPLOYMENTS.get(chain));
  }
}
