package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.address.EvmAddress;

/**
 * The access pass: a non-transferable ERC-721 on chain 8453. Minting uses the service's minter key;
 * holding is read on chain. Neither {@link Uni} fails for a chain problem.
 */
public interface AccessPasses {

  /** Mints the pass to {@code wallet} (harmless when it holds one) and waits for the receipt. */
  Uni<Mint> mint(EvmAddress wallet);

  /** Whether {@code wallet} holds a pass at the chain's head. */
  Uni<Holding> holding(EvmAddress wallet);

  /** The outcome of a mint. */
  sealed interface Mint {
    /** Mined and successful. */
    record Minted(String txHash) implements Mint {}

    /** Not (yet) done: failed, reverted or slower than the wait allows; to be retried. */
    record Deferred(String reason) implements Mint {}
  }

  /** Whether a wallet holds the pass. */
  sealed interface Holding {
    record Holds() implements Holding {}

    record DoesNotHold() implements Holding {}

    /** The read did not complete. */
    record Unknown(String reason) implements Holding {}
  }
}
