package org.walletstate.adapters.chain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.chain.evm.testing.Adapters.await;
import static org.walletstate.adapters.chain.evm.testing.Adapters.block;
import static org.walletstate.adapters.chain.evm.testing.Adapters.contract;
import static org.walletstate.adapters.chain.evm.testing.Adapters.observed;
import static org.walletstate.adapters.chain.evm.testing.Adapters.outcomes;
import static org.walletstate.adapters.chain.evm.testing.Adapters.patient;
import static org.walletstate.adapters.chain.evm.testing.Adapters.wallet;

import java.math.BigInteger;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
import org.walletstate.application.testing.MovableClock;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.DevnetSnapshot;
import org.walletstate.devnet.ForkedNode;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.ProxyCounts;
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
    // set at a block, not mined: no read cache has seen it (the adapter is new), and forked anvils
    // serve it as one provider answering another value at the block both hold
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

      // each provider's answers at this block hash are cached by now: the value is changed on an
      // account no read has asked for at this block, as one provider answering it wrongly
      EvmAddress untouched = EvmAddress.of("0x00000000000000000000000000000000000000b7");
      fork.rpc().call("anvil_setBalance", untouched.lowercase(), "0x1");
      ChainObservation.HeadUnavailable refused =
          (ChainObservation.HeadUnavailable)
              quorumRead(adapter, Set.of(new EvmRead.NativeBalance(untouched)));

      assertThat(refused.disagreed()).isTrue();
      assertThat(disagreed).containsExactlyInAnyOrder("devnet", "fork");
    }
  }

  /**
   * Each provider's cached answers are reused at the block hash the providers agreed on, and never
   * at another block of the same number. Two forks of the devnet (both behind a counting proxy)
   * mine the same block; read twice, the second read asks neither for the balance again. Then both
   * replace that block: reverted to before it, the holder's balance set on both, and a block mined
   * again at the same height with another timestamp, so another hash (a reorganisation both
   * providers followed). The balance is read again from both, and the new value is the one signed.
   * The balance is set before the block is mined: state at a block hash never changes on a real
   * chain, and the cache relies on that.
   */
  @Test
  void aProvidersCachedAnswer_isReusedAtTheSameBlockHash_andNotAtAnotherBlockOfThatNumber() {
    try (ForkedNode other = ForkedNode.of(devnet, CHAIN);
        FaultProxy first = FaultProxy.inFrontOf(fork.url());
        FaultProxy second = FaultProxy.inFrontOf(other.url())) {
      List<ForkedNode> both = List.of(fork, other);
      List<String> snapshots =
          both.stream().map(n -> n.rpc().call("evm_snapshot").asText()).toList();
      long height = fork.forkBlock() + 1;
      long timestamp = timestamp(fork, fork.forkBlock()) + 100;
      String minedFirst = mineOnBoth(both, timestamp, height);
      EvmRead.NativeBalance balance = new EvmRead.NativeBalance(holder);
      BigInteger before =
          new BigInteger(
              fork.rpc()
                  .call("eth_getBalance", holder.lowercase(), "0x" + Long.toHexString(height))
                  .asText()
                  .substring(2),
              16);

      try (Web3jEvmChainState adapter =
          adapter(HeadFollowing.off(), twoProviders("a", first.url(), "b", second.url()))) {
        ChainObservation.Observed read = observed(quorumRead(adapter, Set.of(balance)));
        ChainObservation.Observed again = observed(quorumRead(adapter, Set.of(balance)));

        assertThat(block(read).number().longValueExact()).isEqualTo(height);
        assertThat(block(again).number().longValueExact()).isEqualTo(height);
        assertThat(Web3jEvmChainStateDevnetTest.value(again, balance)).isEqualTo(before);
        assertThat(first.counts().calls("eth_getBalance"))
            .as("read once, at one hash")
            .isEqualTo(1);
        assertThat(second.counts().calls("eth_getBalance")).isEqualTo(1);

        for (int i = 0; i < both.size(); i++) {
          both.get(i).rpc().call("evm_revert", snapshots.get(i));
          both.get(i).rpc().call("anvil_setBalance", holder.lowercase(), "0x2a");
        }
        String minedAgain = mineOnBoth(both, timestamp + 1, height);
        ChainObservation.Observed replaced = observed(quorumRead(adapter, Set.of(balance)));

        assertThat(minedAgain).as("another block at the same height").isNotEqualTo(minedFirst);
        assertThat(block(replaced).number().longValueExact()).isEqualTo(height);
        assertThat(Web3jEvmChainStateDevnetTest.value(replaced, balance))
            .isEqualTo(BigInteger.valueOf(0x2a));
        assertThat(first.counts().calls("eth_getBalance")).as("read again").isEqualTo(2);
        assertThat(second.counts().calls("eth_getBalance")).isEqualTo(2);
        assertThat(disagreed).isEmpty();
      }
    }
  }

  /**
   * With heads followed and the read cache on (the defaults), a quorum read repeated at an
   * unchanged head asks neither provider anything: each anchors at its own followed head, the two
   * agree by number and hash, and each provider's answers come from its own cache entries. Polls
   * are kept out of the counts (one every ten minutes); the clock is moved past the followed heads'
   * age after a new block is mined on both, and the anchor moves to that block.
   */
  @Test
  void withHeadsFollowed_aRepeatedReadAtAnUnchangedHead_asksNeitherProvider_andANewBlockMovesIt() {
    MovableClock clock = new MovableClock(Instant.now());
    Duration maxAge = Duration.ofMinutes(10);
    HeadFollowing heads = HeadFollowing.defaults().withMaxAge(maxAge).withPollInterval(maxAge);
    try (ForkedNode other = ForkedNode.of(devnet, CHAIN);
        FaultProxy first = FaultProxy.inFrontOf(fork.url());
        FaultProxy second = FaultProxy.inFrontOf(other.url());
        Web3jEvmChainState adapter =
            adapter(heads, twoProviders("a", first.url(), "b", second.url()), clock)) {
      ChainObservation.Observed read = observed(quorumRead(adapter));
      ProxyCounts firstAfterRead = first.counts();
      ProxyCounts secondAfterRead = second.counts();
      ChainObservation.Observed again = observed(quorumRead(adapter));

      assertThat(firstAfterRead.calls()).as("the first read asks for head and values").isPositive();
      assertThat(first.counts().calls()).as("no exchange").isEqualTo(firstAfterRead.calls());
      assertThat(second.counts().calls()).as("no exchange").isEqualTo(secondAfterRead.calls());
      assertThat(again.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
      assertThat(block(again)).isEqualTo(block(read));
      assertThat(block(again).number().longValueExact()).isEqualTo(fork.forkBlock());
      assertThat(Web3jEvmChainStateDevnetTest.value(again, holderDeth()))
          .isEqualTo(m.wallet("holder").erc20Raw(CHAIN, "dETH"));

      long height = fork.forkBlock() + 1;
      mineOnBoth(List.of(fork, other), timestamp(fork, fork.forkBlock()) + 100, height);
      clock.advance(maxAge.plusSeconds(1));
      ChainObservation.Observed moved = observed(quorumRead(adapter));

      assertThat(block(moved).number().longValueExact()).isEqualTo(height);
      assertThat(moved.assurance()).isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 2));
      assertThat(first.counts().calls("eth_getBlockByNumber"))
          .as("each provider read its own head once more")
          .isEqualTo(firstAfterRead.calls("eth_getBlockByNumber") + 1);
      assertThat(second.counts().calls("eth_getBlockByNumber"))
          .isEqualTo(secondAfterRead.calls("eth_getBlockByNumber") + 1);
      assertThat(disagreed).isEmpty();
    }
  }

  /** Mines one block on each node at {@code timestamp}; returns its hash, the same on each. */
  private static String mineOnBoth(List<ForkedNode> nodes, long timestamp, long height) {
    List<String> hashes = new ArrayList<>();
    for (ForkedNode node : nodes) {
      node.rpc().call("evm_mine", timestamp);
      hashes.add(
          node.rpc()
              .call("eth_getBlockByNumber", "0x" + Long.toHexString(height), false)
              .get("hash")
              .asText());
    }
    assertThat(hashes).as("one block on both nodes").containsOnly(hashes.get(0));
    return hashes.get(0);
  }

  private static long timestamp(ForkedNode node, long number) {
    return Long.decode(
        node.rpc()
            .call("eth_getBlockByNumber", "0x" + Long.toHexString(number), false)
            .get("timestamp")
            .asText());
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
    return adapter(heads, twoProviders("devnet", devnet.rpcUrl(CHAIN), "fork", second));
  }

  private static EvmQuorum twoProviders(
      String firstName, URI first, String secondName, URI second) {
    return new EvmQuorum(
        ChainId.evm(CHAIN),
        List.of(
            new ReadProvider(firstName, List.of(first), true),
            new ReadProvider(secondName, List.of(second), true)),
        2,
        EvmQuorum.DEFAULT_MAX_LAG_BLOCKS);
  }

  private Web3jEvmChainState adapter(HeadFollowing heads, EvmQuorum quorum) {
    return adapter(heads, quorum, Clock.systemUTC());
  }

  private Web3jEvmChainState adapter(HeadFollowing heads, EvmQuorum quorum, Clock clock) {
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
        clock,
        observer);
  }

  private EvmRead.Erc20BalanceOf holderDeth() {
    return new EvmRead.Erc20BalanceOf(contract(m, CHAIN, "token18"), holder);
  }
}
