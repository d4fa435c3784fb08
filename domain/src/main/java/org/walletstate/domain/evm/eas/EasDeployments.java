package org.walletstate.domain.evm.eas;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;

/**
 * The chains on which the service reads EAS, each at its published address: every supported chain
 * the EAS contracts README (ethereum-attestation-service/eas-contracts @aa47c226, "Mainnets") lists
 * a deployment for. The OP Stack chains carry EAS as the predeploy at {@code 0x4200…0021}; the
 * others at their own address. {@code docs/chains.md} holds the table with its source. On every
 * other supported chain EAS is not deployed, and a raw {@code eas_attestation} is refused.
 */
public final class EasDeployments {

  /** The OP Stack predeploy address of EAS. */
  public static final EvmAddress PREDEPLOY =
      EvmAddress.of("0x4200000000000000000000000000000000000021");

  /** EAS on Ethereum (chain 1). */
  public static final EvmAddress ETHEREUM =
      EvmAddress.of("0xA1207F3BBa224E2c9c3c6D5aF63D0eb1582Ce587");

  private static final Map<ChainId, EvmAddress> DEPLOYMENTS = deployments();

  private EasDeployments() {}

  private static Map<ChainId, EvmAddress> deployments() {
    Map<ChainId, EvmAddress> byChain = new LinkedHashMap<>();
    byChain.put(ChainId.evm(1), ETHEREUM);
    byChain.put(ChainId.evm(10), PREDEPLOY);
    byChain.put(ChainId.evm(130), PREDEPLOY);
    byChain.put(ChainId.evm(137), EvmAddress.of("0x5E634ef5355f45A855d02D66eCD687b1502AF790"));
    byChain.put(ChainId.evm(324), EvmAddress.of("0x21d8d4eE83b80bc0Cc0f2B7df3117Cf212d02901"));
    byChain.put(ChainId.evm(1868), PREDEPLOY);
    byChain.put(ChainId.evm(8453), PREDEPLOY);
    byChain.put(ChainId.evm(42161), EvmAddress.of("0xbD75f629A22Dc1ceD33dDA0b68c546A1c035c458"));
    byChain.put(ChainId.evm(42220), EvmAddress.of("0x72E1d8ccf5299fb36fEfD8CC4394B8ef7e98Af92"));
    byChain.put(ChainId.evm(57073), PREDEPLOY);
    byChain.put(ChainId.evm(59144), EvmAddress.of("0xaEF4103A04090071165F78D45D83A0C0782c2B2a"));
    byChain.put(ChainId.evm(81457), PREDEPLOY);
    byChain.put(ChainId.evm(534352), EvmAddress.of("0xC47300428b6AD2c7D03BB76D05A176058b47E6B0"));
    return Collections.unmodifiableMap(byChain);
  }

  /** The EAS contract on {@code chain}, if EAS is deployed there. */
  public static Optional<EvmAddress> find(ChainId chain) {
    return Optional.ofNullable(DEPLOYMENTS.get(chain));
  }

  /** The chains where EAS is read, in ascending order, as a caller reads them: "1, 10, 130, …". */
  public static String chainList() {
    return DEPLOYMENTS.keySet().stream().map(ChainId::toString).collect(Collectors.joining(", "));
  }
}
