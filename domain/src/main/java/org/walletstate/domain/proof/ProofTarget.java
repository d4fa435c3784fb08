package org.walletstate.domain.proof;

import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes32;

/** The chain fact a result's Merkle proof shows, at the block its verdict was read at. */
public sealed interface ProofTarget
    permits ProofTarget.Erc20Balance,
        ProofTarget.AccountBalance,
        ProofTarget.AccountCode,
        ProofTarget.DelegationRevocation {

  /** The account whose proof is fetched. */
  EvmAddress account();

  /**
   * The storage slot of {@code holder}'s balance in {@code token}: the slot is located by {@link
   * BalanceSlotSearch}, then proven under the token's storage root.
   */
  record Erc20Balance(EvmAddress token, EvmAddress holder) implements ProofTarget {
    public Erc20Balance {
      Objects.requireNonNull(token, "token");
      Objects.requireNonNull(holder, "holder");
    }

    @Override
    public EvmAddress account() {
      return token;
    }
  }

  // Alike by design: each variant is its own record and checks its own components.
  /** The balance field of {@code account}'s state (the native asset). */
  record AccountBalance(EvmAddress account) implements ProofTarget {
    public AccountBalance {
      Objects.requireNonNull(account, "account");
    }
  }

  /** The codeHash field of {@code account}'s state. */
  record AccountCode(EvmAddress account) implements ProofTarget {
    public AccountCode {
      Objects.requireNonNull(account, "account");
    }
  }

  /**
   * The slot of {@code disabledDelegations[delegationHash]} in a delegation manager: {@code
   * storageKey} = keccak256(delegationHash ‖ uint256(mappingSlot)); it holds 1 when the delegation
   * is revoked, 0 otherwise.
   */
  record DelegationRevocation(
      EvmAddress manager, Bytes32 delegationHash, int mappingSlot, Bytes32 storageKey)
      implements ProofTarget {
    public DelegationRevocation {
      Objects.requireNonNull(manager, "manager");
      Objects.requireNonNull(delegationHash, "delegationHash");
      Objects.requireNonNull(storageKey, "storageKey");
      if (mappingSlot < 0) {
        throw new IllegalArgumentException("mappingSlot must not be negative");
      }
    }

    @Override
    public EvmAddress account() {
      return manager;
    }
  }
}
