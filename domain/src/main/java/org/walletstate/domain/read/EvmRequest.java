package org.walletstate.domain.read;

import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes;

/**
 * One JSON-RPC request an adapter runs at the pinned block. Different reads may share a request (an
 * ERC-20 and an ERC-721 {@code balanceOf} are the same call); an adapter may run it once.
 */
public sealed interface EvmRequest
    permits EvmRequest.EthCall, EvmRequest.EthGetBalance, EvmRequest.EthGetCode {

  /** {@code eth_call} of {@code data} to {@code to}; answered with return data or a revert. */
  record EthCall(EvmAddress to, Bytes data) implements EvmRequest {
    public EthCall {
      Objects.requireNonNull(to, "to");
      Objects.requireNonNull(data, "data");
    }
  }

  /** {@code eth_getBalance}; answered with a quantity of wei. */
  record EthGetBalance(EvmAddress account) implements EvmRequest {
    public EthGetBalance {
      Objects.requireNonNull(account, "account");
    }
  }

  /** {@code eth_getCode}; answered with the account's code (empty for none). */
  record EthGetCode(EvmAddress account) implements EvmRequest {
    public EthGetCode {
      Objects.requireNonNull(account, "account");
    }
  }
}
