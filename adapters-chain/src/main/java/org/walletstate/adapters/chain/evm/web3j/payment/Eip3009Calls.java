package org.walletstate.adapters.chain.evm.web3j.payment;

import java.util.List;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.payment.TransferAuthorization;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint8;

/** The calls of an EIP-3009 token the relayer makes, ABI-encoded. */
final class Eip3009Calls {

  private Eip3009Calls() {}

  /** {@code authorizationState(from, nonce)}: whether the authorization's nonce is used. */
  static String authorizationState(TransferAuthorization authorization) {
    return FunctionEncoder.encode(
        new Function(
            "authorizationState",
            List.of(
                new Address(authorization.from().lowercase()),
                new Bytes32(authorization.nonce().bytes().toArray())),
            List.of()));
  }

  /** {@code balanceOf(owner)}. */
  static String balanceOf(EvmAddress owner) {
    return FunctionEncoder.encode(
        new Function("balanceOf", List.of(new Address(owner.lowercase())), List.of()));
  }

  /**
   * {@code transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s)}.
   */
  static String transfer(TransferAuthorization authorization) {
    byte[] signature = authorization.signatureBytes().toArray();
    int v = signature[64] & 0xff;
    if (v < 27) {
      v += 27;
    }
    byte[] r = new byte[32];
    byte[] s = new byte[32];
    System.arraycopy(signature, 0, r, 0, 32);
    System.arraycopy(signature, 32, s, 0, 32);
    return FunctionEncoder.encode(
        new Function(
            "transferWithAuthorization",
            List.of(
                new Address(authorization.from().lowercase()),
                new Address(authorization.to().lowercase()),
                new Uint256(authorization.value()),
                new Uint256(authorization.validAfter()),
                new Uint256(authorization.validBefore()),
                new Bytes32(authorization.nonce().bytes().toArray()),
                new Uint8(v),
                new Bytes32(r),
                new Bytes32(s)),
            List.of()));
  }
}
