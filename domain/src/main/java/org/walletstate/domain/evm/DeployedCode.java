package org.walletstate.domain.evm;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;

/**
 * The code at an account, as {@code eth_getCode} returns it. Classified by EIP-7702: exactly 23
 * bytes {@code 0xef0100 ‖ address} is a delegation designator pointing at that address; empty is no
 * code; anything else (including other {@code 0xef01…} bytes) is contract code.
 */
public record DeployedCode(Bytes code) {

  /** The EIP-7702 designator prefix. */
  public static final Bytes DESIGNATOR_PREFIX = Bytes.of((byte) 0xef, (byte) 0x01, (byte) 0x00);

  private static final int DESIGNATOR_LENGTH = 23;

  public DeployedCode {
    Objects.requireNonNull(code, "code");
  }

  public CodeState state() {
    if (code.isEmpty()) {
      return CodeState.NONE;
    }
    return isDesignator() ? CodeState.EIP7702 : CodeState.CONTRACT;
  }

  /** The account a designator delegates to; empty for any other code. */
  public Optional<EvmAddress> delegate() {
    return isDesignator()
        ? Optional.of(EvmAddress.ofBytes(code.slice(3, DESIGNATOR_LENGTH).toArray()))
        : Optional.empty();
  }

  private boolean isDesignator() {
    return code.length() == DESIGNATOR_LENGTH && code.startsWith(DESIGNATOR_PREFIX);
  }
}
