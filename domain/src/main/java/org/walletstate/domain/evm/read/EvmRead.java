package org.walletstate.domain.evm.read;

import java.util.Collection;
import java.util.Set;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.evm.AbiDecodingException;
import org.walletstate.domain.evm.FunctionSignature;

/**
 * One fact a condition needs from an EVM chain at the pinned block, with the request that asks for
 * it and the interpretation of the answer as a {@code T}.
 *
 * @param <T> the type of the value read
 */
public sealed interface EvmRead<T>
    extends ChainRead<T>, EvmTokenReads, EvmContractReads, EvmAuthorizationReads
    permits EvmTokenReads.NativeBalance,
        EvmTokenReads.Erc20BalanceOf,
        EvmTokenReads.Erc20Decimals,
        EvmTokenReads.Erc20TotalSupply,
        EvmTokenReads.Erc721BalanceOf,
        EvmTokenReads.Erc721Interface,
        EvmContractReads.BoolViewCall,
        EvmContractReads.UintViewCall,
        EvmContractReads.AccountCode,
        EvmAuthorizationReads.AttestationUid,
        EvmAuthorizationReads.EasAttestation,
        EvmTokenReads.Erc20BalanceOfWithStorage,
        EvmContractReads.StateProof,
        EvmContractReads.AddressOfId,
        EvmAuthorizationReads.DelegationDisabled,
        EvmAuthorizationReads.Erc1271Signature,
        Aggregate3 {

  FunctionSignature BALANCE_OF = FunctionSignature.of("balanceOf(address)");
  FunctionSignature DECIMALS = FunctionSignature.of("decimals()");
  FunctionSignature SUPPORTS_INTERFACE = FunctionSignature.of("supportsInterface(bytes4)");
  FunctionSignature TOTAL_SUPPLY = FunctionSignature.of("totalSupply()");
  FunctionSignature GET_ATTESTATION = FunctionSignature.of("getAttestation(bytes32)");
  FunctionSignature DISABLED_DELEGATIONS = FunctionSignature.of("disabledDelegations(bytes32)");
  FunctionSignature IS_VALID_SIGNATURE = FunctionSignature.of("isValidSignature(bytes32,bytes)");

  @Override
  default ChainFamily family() {
    return ChainFamily.EVM;
  }

  /**
   * {@code reads} as EVM reads, in their order.
   *
   * @throws IllegalArgumentException when one is a read of another family
   */
  static Set<EvmRead<?>> all(Collection<? extends ChainRead<?>> reads) {
    return ChainRead.allOf(EvmRead.class, "an EVM read", reads);
  }

  /** The JSON-RPC request that answers this read. */
  EvmRequest request();

  /**
   * Interprets the node's answer to {@link #request()}.
   *
   * @throws AbiDecodingException when the answer is not a value of this read's type (empty return
   *     data from an account without code, a word wider than the type, ...)
   */
  T decode(ReadOutcome.Answer answer);
}
