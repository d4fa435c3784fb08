package org.walletstate.adapters.chain.evm.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.KeyVersion;

/**
 * The adapter as the composition root builds it, configured for tests: patient settings for reads
 * that should succeed on a loaded machine, impatient ones for failure tests.
 */
public final class Adapters {

  /** Long enough for any awaited observation; failure tests assert far shorter bounds. */
  public static final Duration AWAIT = Duration.ofSeconds(90);

  private Adapters() {}

  /** Generous timeouts: a busy 2-core machine must not turn a good read into a failure. */
  public static EvmChainConfig patient(long chain, URI... endpoints) {
    return EvmChainConfig.of(ChainId.evm(chain), List.of(endpoints))
        .withRequestTimeout(Duration.ofSeconds(15))
        .withBackoff(Duration.ofMillis(50), Duration.ofMillis(200))
        .withObservationDeadline(Duration.ofSeconds(45));
  }

  /** Short timeouts, for endpoints that hang: an observation gives up within a few seconds. */
  public static EvmChainConfig impatient(long chain, URI... endpoints) {
    return EvmChainConfig.of(ChainId.evm(chain), List.of(endpoints))
        .withRequestTimeout(Duration.ofMillis(1500))
        .withBackoff(Duration.ofMillis(50), Duration.ofMillis(200))
        .withObservationDeadline(Duration.ofSeconds(4));
  }

  /** The web3j adapter reading exactly {@code chains}, with jitter fixed at the middle. */
  public static Web3jEvmChainState adapter(EvmChainConfig... chains) {
    return new Web3jEvmChainState(
        EvmChainsConfig.defaults().onlyWith(List.of(chains)), Clock.systemUTC(), () -> 0.5);
  }

  public static ChainObservation await(Uni<ChainObservation> observation) {
    return observation.await().atMost(AWAIT);
  }

  /** The EVM block an observation is anchored at. */
  public static Anchor.EvmBlock block(ChainObservation.Observed observed) {
    return (Anchor.EvmBlock) observed.anchor();
  }

  /** The EVM outcomes behind an observation's readings. */
  public static ReadOutcomes outcomes(ChainObservation.Observed observed) {
    return (ReadOutcomes) observed.readings();
  }

  public static ChainObservation.Observed observed(ChainObservation observation) {
    assertThat(observation).isInstanceOf(ChainObservation.Observed.class);
    return (ChainObservation.Observed) observation;
  }

  /** Observes {@code reads} (no follow-ups) and expects the head to have been read. */
  public static ChainObservation.Observed observe(
      Web3jEvmChainState adapter, long chain, EvmRead<?>... reads) {
    return observed(await(adapter.observe(ChainId.evm(chain), Set.of(reads), none())));
  }

  public static java.util.function.Function<ReadOutcomes, Set<EvmRead<?>>> none() {
    return firstRound -> Set.of();
  }

  /**
   * The domain's read plan for {@code conditions} (a JSON array) of {@code wallet}: tests take the
   * attestation-lookup reads from it rather than building them, as the service does.
   */
  public static ReadPlan plan(DevnetManifest m, String wallet, String conditions) {
    return ReadPlan.of(
        AttestCommands.parse(
                Bodies.object(
                    "{\"wallet\": \""
                        + m.wallet(wallet).address()
                        + "\", \"conditions\": "
                        + conditions
                        + "}"),
                KeyVersion.V2)
            .request());
  }

  /** The one attestation-lookup read of {@code plan} on {@code chain}. */
  public static EvmRead.AttestationUid lookupRead(ReadPlan plan, long chain) {
    return plan.reads(ChainId.evm(chain)).stream()
        .filter(EvmRead.AttestationUid.class::isInstance)
        .map(EvmRead.AttestationUid.class::cast)
        .findFirst()
        .orElseThrow();
  }

  public static EvmAddress address(String hex) {
    return EvmAddress.of(hex);
  }

  public static EvmAddress wallet(DevnetManifest manifest, String name) {
    return EvmAddress.of(manifest.wallet(name).address());
  }

  public static EvmAddress contract(DevnetManifest manifest, long chain, String key) {
    return EvmAddress.of(manifest.chain(chain).address(key));
  }
}
