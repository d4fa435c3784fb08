package org.walletstate.adapters.chain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.chain.evm.testing.Adapters.adapter;
import static org.walletstate.adapters.chain.evm.testing.Adapters.await;
import static org.walletstate.adapters.chain.evm.testing.Adapters.block;
import static org.walletstate.adapters.chain.evm.testing.Adapters.contract;
import static org.walletstate.adapters.chain.evm.testing.Adapters.lookupRead;
import static org.walletstate.adapters.chain.evm.testing.Adapters.observe;
import static org.walletstate.adapters.chain.evm.testing.Adapters.observed;
import static org.walletstate.adapters.chain.evm.testing.Adapters.outcomes;
import static org.walletstate.adapters.chain.evm.testing.Adapters.patient;
import static org.walletstate.adapters.chain.evm.testing.Adapters.plan;
import static org.walletstate.adapters.chain.evm.testing.Adapters.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.config.HeadFollowing;
import org.walletstate.adapters.chain.evm.testing.RpcProxy;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.DevnetSnapshot;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;

/**
 * What goes over the wire, counted by a proxy in front of the devnet: the head once, one batch per
 * round pinned to its number, each distinct request once, nothing a cache already holds.
 */
@ExtendWith(DevnetExtension.class)
class RoundTripsTest {

  private static final long CHAIN = 8453;

  private DevnetManifest m;
  private RpcProxy proxy;
  private EvmAddress holder;

  @BeforeEach
  void proxy(Devnet devnet, DevnetManifest m) {
    this.m = m;
    this.proxy = RpcProxy.inFrontOf(devnet.rpcUrl(CHAIN));
    this.holder = wallet(m, "holder");
  }

  @AfterEach
  void close() {
    proxy.close();
  }

  @Test
  void observe_sendsTheHeadThenOneBatchPinnedToItsNumber() {
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed = observe(adapter, CHAIN, fiveReads());

      List<JsonNode> received = proxy.received();
      assertThat(received).hasSize(2);
      assertThat(received.get(0).path("method").asText()).isEqualTo("eth_getBlockByNumber");
      assertThat(received.get(0).path("params").get(0).asText()).isEqualTo("latest");
      assertThat(received.get(1).isArray()).isTrue();
      assertThat(received.get(1)).hasSize(5);
      received
          .get(1)
          .forEach(call -> assertThat(blockOf(call)).isEqualTo(block(observed).numberHex()));
    }
  }

  @Test
  void observe_splitsARoundIntoBatchesOfTheConfiguredSize() {
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()).withMaxBatchSize(2))) {
      EvmRead<?>[] reads = fiveReads();
      ChainObservation.Observed observed = observe(adapter, CHAIN, reads);

      List<JsonNode> batches = proxy.received().subList(1, proxy.received().size());
      assertThat(batches)
          .extracting(body -> body.isArray() ? body.size() : 1)
          .containsExactlyInAnyOrder(2, 2, 1);
      for (EvmRead<?> read : reads) {
        assertThat(outcomes(observed).reading(read)).isInstanceOf(Reading.Value.class);
      }
    }
  }

  @Test
  void observe_runsTwoReadsOfTheSameRequestOnce() {
    EvmAddress token = contract(m, CHAIN, "token6");
    var asErc20 = new EvmRead.Erc20BalanceOf(token, holder);
    var asErc721 = new EvmRead.Erc721BalanceOf(token, holder);
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed = observe(adapter, CHAIN, asErc20, asErc721);

      assertThat(proxy.calls("eth_call")).isEqualTo(1);
      assertThat(outcomes(observed).outcome(asErc20))
          .isEqualTo(outcomes(observed).outcome(asErc721));
      assertThat(Web3jEvmChainStateDevnetTest.value(observed, asErc721))
          .isEqualTo(m.wallet("holder").erc20Raw(CHAIN, "dUSD"));
    }
  }

  @Test
  void observe_runsFollowUpsInOneMoreRoundTripAtTheSameBlock() {
    ReadPlan plan =
        plan(
            m,
            "holder",
            "[{\"type\": \"eas_attestation\", \"template\": \"exchange_verified_account\"}]");
    var uid = lookupRead(plan, CHAIN);
    var balance = new EvmRead.NativeBalance(holder);
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed observed =
          observed(
              await(
                  adapter.observe(
                      ChainId.evm(CHAIN),
                      Set.of(uid, balance),
                      firstRound -> {
                        Set<EvmRead<?>> second =
                            new HashSet<>(
                                EvmRead.all(plan.followUps(ChainId.evm(CHAIN), firstRound)));
                        second.add(balance);
                        return second;
                      })));

      List<JsonNode> received = proxy.received();
      assertThat(received).hasSize(3);
      // the balance, asked again as a follow-up, is not sent again
      JsonNode second = received.get(2);
      assertThat(second.isArray() ? second.size() : 1).isEqualTo(1);
      JsonNode call = second.isArray() ? second.get(0) : second;
      assertThat(call.path("method").asText()).isEqualTo("eth_call");
      assertThat(blockOf(call)).isEqualTo(block(observed).numberHex());
      assertThat(outcomes(observed).reading(balance)).isInstanceOf(Reading.Value.class);
    }
  }

  @Test
  void observe_servesASecondObservationAtTheSameBlockFromTheCacheButNeverTheHead(Devnet devnet) {
    EvmRead<?>[] reads = fiveReads();
    DevnetSnapshot snapshot = devnet.snapshot();
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      ChainObservation.Observed first = observe(adapter, CHAIN, reads);
      proxy.forgetReceived();

      ChainObservation.Observed second = observe(adapter, CHAIN, reads);

      assertThat(second.anchor()).isEqualTo(first.anchor());
      assertThat(proxy.received())
          .singleElement()
          .satisfies(
              head -> assertThat(head.path("method").asText()).isEqualTo("eth_getBlockByNumber"));
      for (EvmRead<?> read : reads) {
        assertThat(outcomes(second).outcome(read)).isEqualTo(outcomes(first).outcome(read));
      }

      // a new block is a new key: everything is read again
      devnet.rpc(CHAIN).call("evm_mine");
      proxy.forgetReceived();
      ChainObservation.Observed third = observe(adapter, CHAIN, reads);

      assertThat(block(third).number()).isGreaterThan(block(first).number());
      assertThat(proxy.calls()).hasSize(1 + reads.length);
    } finally {
      devnet.revert(snapshot);
    }
  }

  /**
   * With head following, an observation within the head's age bound sends only its pinned reads:
   * one round trip. (Polls are an hour apart here, so every exchange seen is a request's.)
   */
  @Test
  void observe_withAFollowedHead_sendsOnlyTheBatchPinnedToIt(Devnet devnet) {
    HeadFollowing following =
        new HeadFollowing(
            true, Duration.ofHours(1), Duration.ofHours(2), HeadFollowing.DEFAULT_IDLE_AFTER);
    try (Web3jEvmChainState adapter =
        new Web3jEvmChainState(
            EvmChainsConfig.defaults()
                .onlyWith(List.of(patient(CHAIN, proxy.url())))
                .withCacheEntries(0),
            following,
            Clock.systemUTC(),
            () -> 0.5,
            BalanceSlotCache.defaults(Clock.systemUTC()),
            ChainCallObserver.NONE)) {
      EvmRead<?>[] reads = fiveReads();
      ChainObservation.Observed first = observe(adapter, CHAIN, reads);
      assertThat(proxy.calls("eth_getBlockByNumber")).isEqualTo(1); // unknown head: read it
      devnet.rpc(CHAIN).call("evm_mine"); // the chain moves on
      proxy.forgetReceived();

      ChainObservation.Observed second = observe(adapter, CHAIN, reads);

      assertThat(block(second)).isEqualTo(block(first));
      List<JsonNode> received = proxy.received();
      assertThat(received).hasSize(1);
      assertThat(received.get(0).isArray()).isTrue();
      received
          .get(0)
          .forEach(call -> assertThat(blockOf(call)).isEqualTo(block(first).numberHex()));
      for (EvmRead<?> read : reads) {
        assertThat(outcomes(second).outcome(read)).isEqualTo(outcomes(first).outcome(read));
      }
    }
  }

  private EvmRead<?>[] fiveReads() {
    EvmAddress token = contract(m, CHAIN, "token6");
    return new EvmRead<?>[] {
      new EvmRead.Erc20BalanceOf(token, holder),
      new EvmRead.Erc20Decimals(token),
      new EvmRead.Erc20TotalSupply(token),
      new EvmRead.NativeBalance(holder),
      new EvmRead.AccountCode(wallet(m, "contractAccount"))
    };
  }

  private static String blockOf(JsonNode call) {
    JsonNode params = call.path("params");
    return params.get(params.size() - 1).asText();
  }
}
