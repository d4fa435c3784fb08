package org.walletstate.adapters.http.x402;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.walletstate.domain.address.SolanaAddress;

/**
 * The fee payer a quote's Solana entry names in {@code extra.feePayer}: the configured
 * facilitator's ({@code GET /supported}), asked at start and kept once known. While it is not known
 * (no facilitator, or one that has not answered yet), Solana is not offered; each quote then asks
 * again in the background, one question at a time.
 */
public final class SolanaFeePayer {

  private final Supplier<Uni<Optional<SolanaAddress>>> facilitator;
  private final AtomicReference<SolanaAddress> known = new AtomicReference<>();
  private final AtomicBoolean asking = new AtomicBoolean();

  private SolanaFeePayer(Supplier<Uni<Optional<SolanaAddress>>> facilitator) {
    this.facilitator = facilitator;
  }

  /** Without a facilitator: Solana is never offered. */
  public static SolanaFeePayer none() {
    return new SolanaFeePayer(null);
  }

  /**
   * Asks {@code facilitator} now, waiting at most {@code wait} for the first answer.
   *
   * @param facilitator the facilitator's fee payer for the quoted Solana network, or empty
   */
  public static SolanaFeePayer askingAtStart(
      Supplier<Uni<Optional<SolanaAddress>>> facilitator, Duration wait) {
    SolanaFeePayer payer = new SolanaFeePayer(facilitator);
    try {
      payer.ask().await().atMost(wait);
    } catch (RuntimeException e) {
      // not known yet: asked again with the next quote
    }
    return payer;
  }

  /** Whether a facilitator settles Solana payments here. */
  public boolean facilitated() {
    return facilitator != null;
  }

  /** The fee payer, once the facilitator named it; asks again in the background when not. */
  public Optional<SolanaAddress> current() {
    SolanaAddress payer = known.get();
    if (payer == null && facilitator != null && !asking.get()) {
      ask().subscribe().with(found -> {}, failure -> {});
    }
    return Optional.ofNullable(payer);
  }

  private Uni<Optional<SolanaAddress>> ask() {
    if (!asking.compareAndSet(false, true)) {
      return Uni.createFrom().item(Optional.ofNullable(known.get()));
    }
    return facilitator
        .get()
        .invoke(found -> found.ifPresent(known::set))
        .eventually(() -> asking.set(false));
  }
}
