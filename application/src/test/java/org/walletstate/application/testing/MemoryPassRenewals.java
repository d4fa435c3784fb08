package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.walletstate.application.commerce.port.out.PassRenewals;
import org.walletstate.domain.address.EvmAddress;

/** Renewal tokens by their hash, each answered until it expires and not from then on. */
public final class MemoryPassRenewals implements PassRenewals {

  private record Renewal(EvmAddress wallet, Instant expiresAt) {}

  private final Map<String, Renewal> byHash = new LinkedHashMap<>();

  /** How many tokens were stored. */
  public synchronized int stored() {
    return byHash.size();
  }

  @Override
  public synchronized Uni<Void> store(byte[] tokenHash, EvmAddress wallet, Instant expiresAt) {
    byHash.put(HexFormat.of().formatHex(tokenHash), new Renewal(wallet, expiresAt));
    return Uni.createFrom().voidItem();
  }

  @Override
  public synchronized Uni<Optional<EvmAddress>> wallet(byte[] tokenHash, Instant now) {
    Renewal renewal = byHash.get(HexFormat.of().formatHex(tokenHash));
    return Uni.createFrom()
        .item(
            renewal == null || !renewal.expiresAt().isAfter(now)
                ? Optional.empty()
                : Optional.of(renewal.wallet()));
  }
}
