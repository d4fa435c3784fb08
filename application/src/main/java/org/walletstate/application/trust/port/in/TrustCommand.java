package org.walletstate.application.trust.port.in;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.trust.TrustWallets;

/**
 * A validated {@code POST /v1/trust} body (and the {@code trust_profile} tool's arguments): the
 * wallets of one profile, whether Merkle proofs are asked for, and how the chains are read. Read by
 * {@link TrustCommands#profile}.
 *
 * @param wallets the profile's wallets
 * @param proof {@code proof: "merkle"} was sent
 * @param assurance how each chain is read, when the request asks ({@code "assurance"}): then every
 *     row read from a chain signs its {@code readAssurance}; empty reads from one provider and
 *     signs nothing more
 */
public record TrustCommand(TrustWallets wallets, boolean proof, Optional<Assurance> assurance) {

  public TrustCommand {
    Objects.requireNonNull(wallets, "wallets");
    Objects.requireNonNull(assurance, "assurance");
  }

  /** A profile without the option: one provider per chain, signed as before. */
  public TrustCommand(TrustWallets wallets, boolean proof) {
    this(wallets, proof, Optional.empty());
  }

  /** Whether the chains are read from a quorum of providers. */
  public boolean quorum() {
    return assurance.orElse(Assurance.SINGLE) == Assurance.QUORUM;
  }
}
