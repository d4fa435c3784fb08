package org.walletstate.adapters.chain.evm.cache;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.chain.ChainId;

/**
 * Whose answers a {@link ReadCache} entry holds: a chain's single reader (its endpoints, with
 * failover among them) or one named quorum provider of the chain. An entry answers reads of its own
 * source only, so a quorum provider is never answered with another provider's value, nor with a
 * value the single reader got from some endpoint.
 *
 * @param chain the chain read
 * @param provider the quorum provider's configured name; empty for the chain's single reader
 */
public record ReadCacheSource(ChainId chain, Optional<String> provider) {

  public ReadCacheSource {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(provider, "provider");
  }

  /** The answers of {@code chain}'s single reader. */
  public static ReadCacheSource single(ChainId chain) {
    return new ReadCacheSource(chain, Optional.empty());
  }

  /** The answers of the quorum provider named {@code provider} on {@code chain}. */
  public static ReadCacheSource provider(ChainId chain, String provider) {
    return new ReadCacheSource(chain, Optional.of(Objects.requireNonNull(provider, "provider")));
  }

  @Override
  public String toString() {
    return provider.map(name -> chain + "/" + name).orElse(chain.toString());
  }
}
