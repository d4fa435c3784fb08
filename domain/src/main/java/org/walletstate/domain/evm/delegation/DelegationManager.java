package org.walletstate.domain.evm.delegation;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;

/**
 * A recognized deployment of the framework's {@code DelegationManager} on Base (8453).
 *
 * @param version the framework release
 * @param address where it is deployed
 * @param disabledDelegationsSlot the base slot of {@code mapping(bytes32 => bool)
 *     disabledDelegations}
 * @param layoutVerified whether that slot was read from the deployed bytecode (only then are
 *     revocation proofs produced for it)
 */
public record DelegationManager(
    String version, EvmAddress address, int disabledDelegationsSlot, boolean layoutVerified) {

  /** The chain the recognized managers are on. */
  public static final long CHAIN = 8453;

  /** Version 1.3.0: slot 4, read from the deployed bytecode's getter. */
  public static final DelegationManager V1_3_0 =
      new DelegationManager(
          "1.3.0", EvmAddress.of("0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3"), 4, true);

  /** Version 1.1.0: slot 4 by its source layout, not checked against its bytecode. */
  public static final DelegationManager V1_1_0 =
      new DelegationManager(
          "1.1.0", EvmAddress.of("0x56D56e07e3d6Ee5a24e30203A37a0a460f42D7A3"), 4, false);

  /** Version 1.0.0: slot 5 by its source layout (an extra mapping first), not checked. */
  public static final DelegationManager V1_0_0 =
      new DelegationManager(
          "1.0.0", EvmAddress.of("0xbe4138886cB096bDC1B930F2f0ca7892AA234D78"), 5, false);

  /** The recognized managers, newest first. */
  public static final List<DelegationManager> RECOGNIZED = List.of(V1_3_0, V1_1_0, V1_0_0);

  public DelegationManager {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(address, "address");
  }

  /** The recognized manager at {@code address}. */
  public static Optional<DelegationManager> at(EvmAddress address) {
    return RECOGNIZED.stream().filter(m -> m.address.equals(address)).findFirst();
  }

  /**
   * The storage slot of {@code disabledDelegations[delegationHash]}: {@code
   * keccak256(delegationHash ‖ uint256(disabledDelegationsSlot))}.
   */
  public Bytes32 disabledSlot(Bytes32 delegationHash) {
    return new Bytes32(
        Bytes.of(
            Keccak256.hash(
                Bytes.concat(
                        delegationHash.bytes(),
                        Bytes32.of(BigInteger.valueOf(disabledDelegationsSlot)).bytes())
                    .toArray())));
  }

  /** The mapping's base slot as a hex quantity ({@code 0x4}). */
  public String mappingSlotHex() {
    return "0x" + Integer.toHexString(disabledDelegationsSlot);
  }
}
