package org.walletstate.domain.proof;

import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;

/** The chain fact a result's Merkle proof shows, at the block its verdict was read at. */
public sealed interface ProofTarget
    permits ProofTarget.Erc20Balance, ProofTarget.AccountBalance, ProofTarget.AccountCode {

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
}
