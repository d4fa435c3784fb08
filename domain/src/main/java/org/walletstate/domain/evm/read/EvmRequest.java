package org.walletstate.domain.evm.read;

import java.util.List;
import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;

/**
 * One JSON-RPC request an adapter runs at the pinned block. Different reads may share a request (an
 * ERC-20 and an ERC-721 {@code balanceOf} are the same call); an adapter may run it once.
 */
public sealed interface EvmRequest
    permits EvmRequest.EthCall,
        EvmRequest.EthCallWithStorage,
        EvmRequest.EthGetBalance,
        EvmRequest.EthGetCode,
        EvmRequest.EthGetProof {

  /** {@code eth_call} of {@code data} to {@code to}; answered with return data or a revert. */
  record EthCall(EvmAddress to, Bytes data) implements EvmRequest {
    public EthCall {
      Objects.requireNonNull(to, "to");
      Objects.requireNonNull(data, "data");
    }
  }

  // Alike by design: each variant is its own record and checks its own components.
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

  /**
   * {@code eth_call} of {@code data} to {@code to} with a state override that sets one storage slot
   * of {@code to} ({@code stateDiff}: the rest of its storage is kept). Answered like {@link
   * EthCall}; a node without state overrides answers with an error (a failed outcome).
   */
  record EthCallWithStorage(EvmAddress to, Bytes data, Bytes32 slot, Bytes32 value)
      implements EvmRequest {
    public EthCallWithStorage {
      Objects.requireNonNull(to, "to");
      Objects.requireNonNull(data, "data");
      Objects.requireNonNull(slot, "slot");
      Objects.requireNonNull(value, "value");
    }
  }

  /**
   * {@code eth_getProof} (EIP-1186) of an account and the given storage keys; answered with an
   * {@link ReadOutcome.Proof}.
   */
  record EthGetProof(EvmAddress account, List<Bytes32> storageKeys) implements EvmRequest {
    public EthGetProof {
      Objects.requireNonNull(account, "account");
      storageKeys = List.copyOf(storageKeys);
    }
  }
}
