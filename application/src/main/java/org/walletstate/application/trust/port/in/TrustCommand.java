package org.walletstate.application.trust.port.in;

import java.util.Objects;
import org.walletstate.domain.trust.TrustWallets;

/**
 * A validated {@code POST /v1/trust} body (and the {@code trust_profile} tool's arguments): the
 * wallets of one profile, and whether Merkle proofs are asked for. Read by {@link
 * TrustCommands#profile}.
 *
 * @param wallets the profile's wallets
 * @param proof {@code proof: "merkle"} was sent
 */
public record TrustCommand(TrustWallets wallets, boolean proof) {

  public TrustCommand {
    Objects.requireNonNull(wallets, "wallets");
  }
}
