package org.walletstate.domain.evm.read;

import java.util.List;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.FunctionSignature;

/** How the {@link EvmRead}s that call a contract build their request and take its answer. */
final class EvmCalls {

  private EvmCalls() {}

  static EvmRequest call(EvmAddress to, FunctionSignature function, Bytes32... arguments) {
    return new EvmRequest.EthCall(to, function.encodeCall(List.of(arguments)));
  }

  static Bytes returnData(ReadOutcome.Answer answer) {
    if (answer instanceof ReadOutcome.Data data) {
      return data.bytes();
    }
    throw new IllegalArgumentException("a call or code read is answered with data");
  }
}
