package org.walletstate.bench.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.bench.load.RequestBodies;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.observation.ChainObservation;

/** The baseline makes the same reads as the service's adapter, or it would be no baseline. */
@ExtendWith(DevnetExtension.class)
class RawBatchReadsTest {

  private static final long CHAIN = 8453;

  @Test
  void observe_readsWhatTheAdapterReads(Devnet devnet, DevnetManifest m) throws Exception {
    EvmAddress holder = EvmAddress.of(m.wallet("holder").address());
    EvmAddress token = EvmAddress.of(m.chain(CHAIN).address("token6"));
    ReadPlan plan =
        ReadPlan.of(
            RequestBodies.request(
                "{\"wallet\": \""
                    + holder.checksummed()
                    + "\", \"conditions\": [{\"type\": \"eas_attestation\","
                    + " \"template\": \"exchange_verified_account\"}]}"));
    EvmRead<?> uid =
        EvmRead.all(plan.reads(ChainId.evm(CHAIN))).stream()
            .filter(EvmRead.AttestationUid.class::isInstance)
            .findFirst()
            .orElseThrow();
    Set<EvmRead<?>> reads =
        Set.of(
            new EvmRead.Erc20BalanceOf(token, holder),
            new EvmRead.Erc20Decimals(token),
            new EvmRead.NativeBalance(holder),
            new EvmRead.AccountCode(EvmAddress.of(m.wallet("delegated7702").address())),
            new EvmRead.BoolViewCall(
                EvmAddress.of(m.chain(CHAIN).address("allowList")),
                FunctionSignature.of("alwaysReverts(address)"),
                holder),
            uid);
    Function<ReadOutcomes, Set<EvmRead<?>>> followUps =
        firstRound -> EvmRead.all(plan.followUps(ChainId.evm(CHAIN), firstRound));

    ChainObservation.Observed raw =
        observed(
            new RawBatchReads(HttpClient.newHttpClient(), devnet.rpcUrl(CHAIN))
                .observe(reads, followUps)
                .get(60, TimeUnit.SECONDS));
    ChainObservation.Observed adapted;
    try (Web3jEvmChainState adapter =
        new Web3jEvmChainState(
            EvmChainsConfig.defaults()
                .onlyWith(
                    List.of(
                        EvmChainConfig.of(ChainId.evm(CHAIN), List.of(devnet.rpcUrl(CHAIN)))
                            .withRequestTimeout(Duration.ofSeconds(15))
                            .withObservationDeadline(Duration.ofSeconds(45)))),
            Clock.systemUTC())) {
      adapted =
          observed(
              adapter
                  .observe(ChainId.evm(CHAIN), reads, followUps)
                  .await()
                  .atMost(Duration.ofSeconds(90)));
    }

    assertThat(adapted.anchor()).isEqualTo(raw.anchor());
    Set<EvmRead<?>> second = followUps.apply((ReadOutcomes) raw.readings());
    assertThat(second).hasSize(1);
    Set<EvmRead<?>> all = new HashSet<>(reads);
    all.addAll(second);
    for (EvmRead<?> read : all) {
      assertThat(((ReadOutcomes) adapted.readings()).outcome(read))
          .as("outcome of %s", read)
          .isEqualTo(((ReadOutcomes) raw.readings()).outcome(read));
    }
  }

  private static ChainObservation.Observed observed(ChainObservation observation) {
    assertThat(observation).isInstanceOf(ChainObservation.Observed.class);
    return (ChainObservation.Observed) observation;
  }
}
