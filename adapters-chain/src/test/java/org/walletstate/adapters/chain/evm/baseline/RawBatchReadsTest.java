package org.walletstate.adapters.chain.evm.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.chain.evm.testing.Adapters.adapter;
import static org.walletstate.adapters.chain.evm.testing.Adapters.await;
import static org.walletstate.adapters.chain.evm.testing.Adapters.contract;
import static org.walletstate.adapters.chain.evm.testing.Adapters.lookupRead;
import static org.walletstate.adapters.chain.evm.testing.Adapters.observed;
import static org.walletstate.adapters.chain.evm.testing.Adapters.patient;
import static org.walletstate.adapters.chain.evm.testing.Adapters.plan;
import static org.walletstate.adapters.chain.evm.testing.Adapters.wallet;

import java.net.http.HttpClient;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.ChainObservation;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.read.EvmRead;
import org.walletstate.domain.read.ReadOutcomes;

/** The baseline makes the same reads as the adapter, or it would be no baseline. */
@ExtendWith(DevnetExtension.class)
class RawBatchReadsTest {

  private static final long CHAIN = 8453;

  @Test
  void observe_readsWhatTheAdapterReads(Devnet devnet, DevnetManifest m) throws Exception {
    EvmAddress holder = wallet(m, "holder");
    EvmAddress token = contract(m, CHAIN, "token6");
    ReadPlan plan =
        plan(
            m,
            "holder",
            "[{\"type\": \"eas_attestation\", \"template\": \"exchange_verified_account\"}]");
    var uid = lookupRead(plan, CHAIN);
    Set<EvmRead<?>> reads =
        Set.of(
            new EvmRead.Erc20BalanceOf(token, holder),
            new EvmRead.Erc20Decimals(token),
            new EvmRead.NativeBalance(holder),
            new EvmRead.AccountCode(wallet(m, "delegated7702")),
            new EvmRead.BoolViewCall(
                contract(m, CHAIN, "allowList"),
                FunctionSignature.of("alwaysReverts(address)"),
                holder),
            uid);
    Function<ReadOutcomes, Set<EvmRead<?>>> followUps =
        firstRound -> plan.followUps(ChainId.evm(CHAIN), firstRound);

    ChainObservation.Observed raw =
        observed(
            new RawBatchReads(HttpClient.newHttpClient(), devnet.rpcUrl(CHAIN))
                .observe(reads, followUps)
                .get(60, TimeUnit.SECONDS));
    ChainObservation.Observed adapted;
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, devnet.rpcUrl(CHAIN)))) {
      adapted = observed(await(adapter.observe(ChainId.evm(CHAIN), reads, followUps)));
    }

    assertThat(adapted.anchor()).isEqualTo(raw.anchor());
    Set<EvmRead<?>> second = followUps.apply(raw.outcomes());
    assertThat(second).hasSize(1);
    for (EvmRead<?> read : union(reads, second)) {
      assertThat(adapted.outcomes().outcome(read))
          .as("outcome of %s", read)
          .isEqualTo(raw.outcomes().outcome(read));
    }
  }

  private static Set<EvmRead<?>> union(Set<EvmRead<?>> a, Set<EvmRead<?>> b) {
    Set<EvmRead<?>> all = new HashSet<>(a);
    all.addAll(b);
    return all;
  }
}
