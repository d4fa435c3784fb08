package org.walletstate.application.trust.port.in;

import java.util.List;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.trust.TrustWallets;

/**
 * A validated {@code POST /v1/trust/batch} body: 1 to 10 wallet entries (each with its EVM {@code
 * wallet} and the optional wallets of one profile) and whether Merkle proofs are asked for. Read by
 * {@link TrustCommands#batch}.
 *
 * @param entries the profiles to make, in request order
 * @param proof {@code proof: "merkle"} was sent
 */
public record TrustBatchCommand(List<TrustWallets> entries, boolean proof) {

  /** The most wallets one batch may name. */
  public static final int MAX_WALLETS = 10;

  /**
   * @throws ValidationException when the batch holds no entry or more than {@link #MAX_WALLETS}
   */
  public TrustBatchCommand {
    entries = List.copyOf(entries);
    if (entries.isEmpty() || entries.size() > MAX_WALLETS) {
      throw new ValidationException(
          "wallets must hold 1 to " + MAX_WALLETS + " entries, not " + entries.size());
    }
  }
}
