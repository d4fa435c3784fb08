package org.walletstate.application.trust.port.in;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.trust.TrustWallets;

/**
 * A validated {@code POST /v1/trust/batch} body: 1 to 10 wallet entries (each with its EVM {@code
 * wallet} and the optional wallets of one profile), whether Merkle proofs are asked for, and how
 * the chains are read. Read by {@link TrustCommands#batch}.
 *
 * @param entries the profiles to make, in request order
 * @param proof {@code proof: "merkle"} was sent
 * @param assurance how each chain is read, for the whole batch, when the request asks ({@code
 *     "assurance"}): then every row read from a chain signs its {@code readAssurance}
 */
public record TrustBatchCommand(
    List<TrustWallets> entries, boolean proof, Optional<Assurance> assurance) {

  /** The most wallets one batch may name. */
  public static final int MAX_WALLETS = 10;

  /**
   * @throws ValidationException when the batch holds no entry or more than {@link #MAX_WALLETS}
   */
  public TrustBatchCommand {
    Objects.requireNonNull(assurance, "assurance");
    entries = List.copyOf(entries);
    if (entries.isEmpty() || entries.size() > MAX_WALLETS) {
      throw new ValidationException(
          "wallets must hold 1 to " + MAX_WALLETS + " entries, not " + entries.size());
    }
  }

  /** A batch without the option: one provider per chain, signed as before. */
  public TrustBatchCommand(List<TrustWallets> entries, boolean proof) {
    this(entries, proof, Optional.empty());
  }

  /** Whether the chains are read from a quorum of providers. */
  public boolean quorum() {
    return assurance.orElse(Assurance.SINGLE) == Assurance.QUORUM;
  }
}
