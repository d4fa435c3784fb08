package org.walletstate.domain.commerce;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;

/**
 * What a customer shows at the till: the wallet that proved itself with an EIP-4361 sign-in, and
 * when the service said so. Signed whole as {@code {wallet, issuedAt, expiresAt}}; it is good for
 * {@link #LIFETIME} and refreshed by the pass page before then.
 *
 * @param wallet the signed-in wallet
 * @param issuedAt when the pass was issued, whole seconds
 */
public record InStorePass(EvmAddress wallet, Instant issuedAt) {

  /** How long a pass is good for; a scan of an older pass recognizes nobody. */
  public static final Duration LIFETIME = Duration.ofSeconds(65);

  /** When the pass page asks for the next pass: well before the last one goes stale. */
  public static final Duration REFRESH_AFTER = Duration.ofSeconds(45);

  public InStorePass {
    Objects.requireNonNull(wallet, "wallet");
    issuedAt = issuedAt.truncatedTo(ChronoUnit.SECONDS);
  }

  public Instant expiresAt() {
    return issuedAt.plus(LIFETIME);
  }

  /** Whether the pass is stale at {@code now}. */
  public boolean staleAt(Instant now) {
    return now.isAfter(expiresAt());
  }
}
