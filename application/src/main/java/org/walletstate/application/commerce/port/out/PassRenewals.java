package org.walletstate.application.commerce.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;

/** Renewal tokens of signed-in wallets, by the SHA-256 of the token. */
public interface PassRenewals {

  Uni<Void> store(byte[] tokenHash, EvmAddress wallet, Instant expiresAt);

  /** The wallet of a renewal token that has not expired at {@code now}. */
  Uni<Optional<EvmAddress>> wallet(byte[] tokenHash, Instant now);
}
