package org.walletstate.domain.evm.read;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.AbiReader;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.FunctionSignature;

/** How the {@link EvmRead}s that call a contract build their request and take its answer. */
final class EvmCalls {

  private EvmCalls() {}

  /** Refuses a view call without the contract it calls or the function. */
  static void requireCall(EvmAddress contract, FunctionSignature function) {
    Objects.requireNonNull(contract, "contract");
    Objects.requireNonNull(function, "function");
  }

  static EvmRequest call(EvmAddress to, FunctionSignature function, Bytes32... arguments) {
    return new EvmRequest.EthCall(to, function.encodeCall(List.of(arguments)));
  }

  static Bytes returnData(ReadOutcome.Answer answer) {
    if (answer instanceof ReadOutcome.Data data) {
      return data.bytes();
    }
    throw new IllegalArgumentException("a call or code read is answered with data");
  }

  /** The answer's return data read as ABI words. */
  static AbiReader words(ReadOutcome.Answer answer) {
    return AbiReader.of(returnData(answer));
  }

  /**
   * The answer's first word, when it has one. A contract that answers no word (no such function and
   * a fallback that returns nothing, or no code) has declared nothing: ERC-165 {@code
   * supportsInterface} and ERC-1271 {@code isValidSignature} read that as false.
   */
  static Optional<Bytes32> firstWord(ReadOutcome.Answer answer) {
    Bytes data = returnData(answer);
    return data.length() >= 32 ? Optional.of(AbiReader.of(data).word(0)) : Optional.empty();
  }
}
