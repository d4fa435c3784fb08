package org.walletstate.adapters.chain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.chain.evm.testing.Adapters.await;
import static org.walletstate.adapters.chain.evm.testing.Adapters.block;
import static org.walletstate.adapters.chain.evm.testing.Adapters.contract;
import static org.walletstate.adapters.chain.evm.testing.Adapters.observed;
import static org.walletstate.adapters.chain.evm.testing.Adapters.outcomes;
import static org.walletstate.adapters.chain.evm.testing.Adapters.patient;
import static org.walletstate.adapters.chain.evm.testing.Adapters.wallet;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.adapters.chain.ReadProvider;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.config.EvmQuorum;
import org.walletstate.adapters.chain.evm.config.HeadFollowing;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.DevnetSnapshot;
import org.walletstate.devnet.ForkedNode;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.observation.ReadAssurance;
import org.walletstate.domain.payload.PayloadValue;

/**
 * Quorum reads on the devnet: chain 1's node and a second anvil forked from it at its head, so both
 * hold the same block and state until a test makes them differ (a cheat on one, a block mined on
 * one or both). Providers are named {@code devnet} and {@code fork}.
 */
@ExtendWith(DevnetExtension.class)
class QuorumReadsDevnetTest {

  private static final long CHAIN = 1;

  private Devnet devnet;
  private DevnetManifest m;
  private DevnetSnapshot snapshot;
  private ForkedNode fork;
  private EvmAddress holder;
  private final List<String> disagreed = new CopyOnWriteArrayList<>();

  @BeforeEach
  void fork(Devnet devnet, DevnetManifest m) {
    this.devnet = devnet;
    this.m = m;
    this.snapshot = devnet.snapshot();
    this.fork = ForkedNode.of(devnet, CHAIN);
    this.holder = wallet(m, "holder");
  }

  @AfterEach
  void stop() {
    fork.close();
    devnet.revert(snapshot);
  }

  @Test
  void agreeingProviders_signQuorumTwoOfTwo_atTheSharedBlock() {
    ChainObservation.Observed observed = observed(quorumRead(fork.url()));

    assertThat(observed.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
    assertThat(block(observed).number().longValueExact()).isEqualTo(fork.forkBlock());
    assertThat(Web3jEvmChainStateDevnetTest.value(observed, holderDeth()))
        .isEqualTo(m.wallet("holder").erc20Raw(CHAIN, "dETH"));
    assertThat(disagreed).isEmpty();
  }

  @Test
  void withNamesSigned_theAssuranceNamesTheProvidersRead_sorted_andWithoutThemNone() {
    EvmQuorum named =
        new EvmQuorum(
                ChainId.evm(CHAIN),
                List.of(
                    new ReadProvider("node-b", List.of(devnet.rpcUrl(CHAIN)), true),
                    new ReadProvider("node-a", List.of(fork.url()), true)),
                2,
                EvmQuorum.DEFAULT_MAX_LAG_BLOCKS)
            .withSignedNames(true);

    ChainObservation.Observed withNames;
    try (Web3jEvmChainState adapter = adapter(HeadFollowing.off(), named)) {
      withNames = observed(quorumRead(adapter));
    }
    ChainObservation.Observed without;
    try (Web3jEvmChainState adapter = adapter(HeadFollowing.off(), named.withSignedNames(false))) {
      without = observed(quorumRead(adapter));
    }

    assertThat(withNames.assurance())
        .isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2, List.of("node-a", "node-b")));
    assertThat(withNames.assurance().toPayload().get("names"))
        .isEqualTo(
            new PayloadValue.Arr(
                List.of(PayloadValue.text("node-a"), PayloadValue.text("node-b"))));
    assertThat(without.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
    assertThat(without.assurance().toPayload().members())
        .containsOnlyKeys("mode", "providers", "of");
  }

  @Test
  void aDifferentBalance_isADisagreement_countedForBothProviders() {
    fork.rpc().call("anvil_setBalance", holder.lowercase(), "0x1");

    ChainObservation observation = quorumRead(fork.url());

    assertThat(observation).isInstanceOf(ChainObservation.HeadUnavailable.class);
    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observation;
    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.message()).contains("providers disagree");
    assertThat(refused.detail()).contains("devnet and fork answered a read at block");
    assertThat(refused.detail()).doesNotContain("127.0.0.1");
    assertThat(disagreed).containsExactlyInAnyOrder("devnet", "fork");
  }

  @Test
  void aDifferentBlockAtTheSameNumber_isADisagreement() {
    fork.rpc().call("anvil_setBalance", holder.lowercase(), "0x1"); // another state root
    fork.rpc().call("evm_mine");
    devnet.rpc(CHAIN).call("evm_mine");

    ChainObservation observation = quorumRead(fork.url());

    ChainObservation.HeadUnavailable refused = (ChainObservation.HeadUnavailable) observation;
    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail())
        .contains("hold different blocks at number " + (fork.forkBlock() + 1));
  }

  @Test
  void aProviderOneBlockBehind_agreesAtItsBlock() {
    devnet.rpc(CHAIN).call("evm_mine");

    ChainObservation.Observed observed = observed(quorumRead(fork.url()));

    assertThat(block(observed).number().longValueExact()).isEqualTo(fork.forkBlock());
    assertThat(observed.assurance().providers()).isEqualTo(2);
  }

  @Test
  void withHeadsFollowed_aProviderOneBlockBehind_agreesAtItsBlock() {
    devnet.rpc(CHAIN).call("evm_mine");
    try (Web3jEvmChainState adapter = adapter(fork.url(), HeadFollowing.defaults())) {
      ChainObservation.Observed observed = observed(quorumRead(adapter));

      assertThat(block(observed).number().longValueExact()).isEqualTo(fork.forkBlock());
      assertThat(observed.assurance().providers()).isEqualTo(2);
    }
  }

  @Test
  void aProviderLaggingMoreThanAllowed_isRefused() {
    for (int i = 0; i < EvmQuorum.DEFAULT_MAX_LAG_BLOCKS + 1; i++) {
      devnet.rpc(CHAIN).call("evm_mine");
    }

    ChainObservation.HeadUnavailable refused =
        (ChainObservation.HeadUnavailable) quorumRead(fork.url());

    assertThat(refused.disagreed()).isTrue();
    assertThat(refused.detail()).contains("fork lags 4 blocks behind devnet");
    assertThat(disagreed).containsExactlyInAnyOrder("devnet", "fork");
  }

  @Test
  void aProviderThatFailsAValue_isAReadFailure_notADisagreement() {
    try (FaultProxy proxy = FaultProxy.inFrontOf(fork.url())) {
      proxy.install(Rule.of(Match.method("eth_call"), Fault.status(503)));

      ChainObservation.Observed observed = observed(quorumRead(proxy.url()));

      assertThat(outcomes(observed).outcome(holderDeth())).isInstanceOf(ReadOutcome.Failed.class);
      assertThat(disagreed).isEmpty();
    }
  }

  @Test
  void aSingleRead_isUnchanged_whateverTheOtherProviderHolds() {
    fork.rpc().call("anvil_setBalance", holder.lowercase(), "0x1");
    try (Web3jEvmChainState adapter = adapter(fork.url())) {
      ChainObservation.Observed observed =
          observed(
              await(
                  adapter.observe(
                      ChainId.evm(CHAIN),
                      ChainQuery.of(Set.of(new EvmRead.NativeBalance(holder))))));
      assertThat(observed.assurance()).isEqualTo(ReadAssurance.single());
    }
  }

  @Test
  void withHeadsFollowed_aReadThatDiffersIsStillADisagreement() {
    try (Web3jEvmChainState adapter = adapter(fork.url(), HeadFollowing.defaults())) {
      ChainObservation.Observed first = observed(quorumRead(adapter));
      // the second observation anchors at the heads each provider's follower kept
      ChainObservation.Observed second = observed(quorumRead(adapter));

      assertThat(first.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
      assertThat(second.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
      assertThat(block(second).number().longValueExact()).isEqualTo(fork.forkBlock());
      assertThat(disagreed).isEmpty();

      EvmAddress untouched = EvmAddress.of("0x00000000000000000000000000000000000000b7");
      fork.rpc().call("anvil_setBalance", untouched.lowercase(), "0x1");
      ChainObservation.HeadUnavailable refused =
          (ChainObservation.HeadUnavailable)
              quorumRead(adapter, Set.of(new EvmRead.NativeBalance(untouched)));

      assertThat(refused.disagreed()).isTrue();
      assertThat(disagreed).containsExactlyInAnyOrder("devnet", "fork");
    }
  }

  private ChainObservation quorumRead(URI second) {
    try (Web3jEvmChainState adapter = adapter(second, HeadFollowing.off())) {
      return quorumRead(adapter);
    }
  }

  private ChainObservation quorumRead(Web3jEvmChainState adapter) {
    return quorumRead(adapter, Set.of(new EvmRead.NativeBalance(holder), holderDeth()));
  }

  private ChainObservation quorumRead(Web3jEvmChainState adapter, Set<ChainRead<?>> reads) {
    ChainQuery query =
        new ChainQuery(
            reads,
            firstRound -> Set.of(),
            Set.of(),
            org.walletstate.domain.chain.AnchorTag.LATEST,
            Assurance.QUORUM);
    return await(adapter.observe(ChainId.evm(CHAIN), query));
  }

  private Web3jEvmChainState adapter(URI second) {
    return adapter(second, HeadFollowing.off());
  }

  private Web3jEvmChainState adapter(URI second, HeadFollowing heads) {
    return adapter(
        heads,
        new EvmQuorum(
            ChainId.evm(CHAIN),
            List.of(
                new ReadProvider("devnet", List.of(devnet.rpcUrl(CHAIN)), true),
                new ReadProvider("fork", List.of(second), true)),
            2,
            EvmQuorum.DEFAULT_MAX_LAG_BLOCKS));
  }

  private Web3jEvmChainState adapter(HeadFollowing heads, EvmQuorum quorum) {
    EvmChainConfig chain = patient(CHAIN, devnet.rpcUrl(CHAIN));
    ChainCallObserver observer =
        new ChainCallObserver() {
          @Override
          public void called(ChainId chainId, Outcome outcome, Duration elapsed, String provider) {}

          @Override
          public void disagreed(ChainId chainId, String provider) {
            disagreed.add(provider);
          }
        };
    return new Web3jEvmChainState(
        EvmChainsConfig.defaults().onlyWith(List.of(chain)),
        Map.of(ChainId.evm(CHAIN), quorum),
        heads,
        Clock.systemUTC(),
        observer);
  }

  private EvmRead.Erc20BalanceOf holderDeth() {
    return new EvmRead.Erc20BalanceOf(contract(m, CHAIN, "token18"), holder);
  }
}
