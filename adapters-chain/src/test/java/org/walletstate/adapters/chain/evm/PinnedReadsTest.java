package org.walletstate.adapters.chain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.chain.evm.testing.Adapters.adapter;
import static org.walletstate.adapters.chain.evm.testing.Adapters.await;
import static org.walletstate.adapters.chain.evm.testing.Adapters.block;
import static org.walletstate.adapters.chain.evm.testing.Adapters.contract;
import static org.walletstate.adapters.chain.evm.testing.Adapters.observe;
import static org.walletstate.adapters.chain.evm.testing.Adapters.observed;
import static org.walletstate.adapters.chain.evm.testing.Adapters.outcomes;
import static org.walletstate.adapters.chain.evm.testing.Adapters.patient;
import static org.walletstate.adapters.chain.evm.testing.Adapters.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.adapters.chain.evm.testing.RpcProxy;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.DevnetSnapshot;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;

/**
 * The chain moves on while an observation runs (transactions mined between the head and the reads):
 * every read still answers for the anchored block. A query read at a past block, after transfers
 * moved the chain on, answers what held at that block (first round and follow-ups), anchored at its
 * number and timestamp as the node gives them; a block above the head, a quorum query and a tag
 * other than {@code latest} are not read at a past block. Chain 1, where the manifest's balances
 * are exact.
 */
@ExtendWith(DevnetExtension.class)
class PinnedReadsTest {

  private static final long CHAIN = 1;
  private static final BigInteger ONE_ETHER = BigInteger.TEN.pow(18);
  private static final BigInteger TENTH = BigInteger.TEN.pow(17);
  private static final FunctionSignature TRANSFER =
      FunctionSignature.of("transfer(address,uint256)");

  private Devnet devnet;
  private DevnetManifest m;
  private DevnetSnapshot snapshot;
  private EvmAddress holder;
  private EvmRead.NativeBalance holderWei;
  private EvmRead.Erc20BalanceOf holderDeth;

  @BeforeEach
  void snapshot(Devnet devnet, DevnetManifest m) {
    this.devnet = devnet;
    this.m = m;
    this.snapshot = devnet.snapshot();
    holder = wallet(m, "holder");
    holderWei = new EvmRead.NativeBalance(holder);
    holderDeth = new EvmRead.Erc20BalanceOf(contract(m, CHAIN, "token18"), holder);
  }

  @AfterEach
  void revert() {
    devnet.revert(snapshot);
  }

  @Test
  void observe_readsFollowUpsAtTheAnchoredBlockAfterTheChainMovedOn() {
    var holderDusd = new EvmRead.Erc20BalanceOf(contract(m, CHAIN, "token6"), holder);
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, devnet.rpcUrl(CHAIN)))) {
      ChainObservation.Observed observed =
          observed(
              await(
                  adapter.observe(
                      ChainId.evm(CHAIN),
                      Set.of(holderDusd),
                      firstRound -> {
                        transferFromHolder(ONE_ETHER);
                        return Set.of(holderWei, holderDeth);
                      })));

      assertThat(devnet.rpc(CHAIN).blockNumber())
          .isGreaterThan(block(observed).number().longValueExact());
      assertThat(outcomes(observed).outcome(holderWei))
          .isEqualTo(new ReadOutcome.Quantity(funded("holder")));
      assertThat(Web3jEvmChainStateDevnetTest.value(observed, holderDeth))
          .isEqualTo(m.wallet("holder").erc20Raw(CHAIN, "dETH"));
      assertThat(Web3jEvmChainStateDevnetTest.value(observed, holderDusd))
          .isEqualTo(m.wallet("holder").erc20Raw(CHAIN, "dUSD"));

      // the transfers are real: an observation anchored after them sees them
      ChainObservation.Observed later = observe(adapter, CHAIN, holderWei, holderDeth);
      assertThat(Web3jEvmChainStateDevnetTest.value(later, holderWei))
          .isLessThan(funded("holder").subtract(ONE_ETHER));
      assertThat(Web3jEvmChainStateDevnetTest.value(later, holderDeth))
          .isEqualTo(m.wallet("holder").erc20Raw(CHAIN, "dETH").subtract(ONE_ETHER));
    }
  }

  @Test
  void observe_readsTheFirstRoundAtTheAnchoredBlockWhenTheHeadMovesBeforeIt() {
    try (RpcProxy proxy = RpcProxy.inFrontOf(devnet.rpcUrl(CHAIN));
        Web3jEvmChainState adapter = adapter(patient(CHAIN, proxy.url()))) {
      // the head is read as it is; the state changes and a block is mined before the reads arrive
      proxy.then(RpcProxy.forward(), RpcProxy.after(() -> transferFromHolder(ONE_ETHER)));

      ChainObservation.Observed observed = observe(adapter, CHAIN, holderWei, holderDeth);

      assertThat(devnet.rpc(CHAIN).blockNumber())
          .isGreaterThan(block(observed).number().longValueExact());
      assertThat(outcomes(observed).outcome(holderWei))
          .isEqualTo(new ReadOutcome.Quantity(funded("holder")));
      assertThat(Web3jEvmChainStateDevnetTest.value(observed, holderDeth))
          .isEqualTo(m.wallet("holder").erc20Raw(CHAIN, "dETH"));
      assertThat(proxy.calls())
          .filteredOn(call -> !call.path("method").asText().equals("eth_getBlockByNumber"))
          .hasSize(2)
          .allSatisfy(
              call -> {
                JsonNode params = call.path("params");
                assertThat(params.get(params.size() - 1).asText())
                    .isEqualTo(block(observed).numberHex());
              });
    }
  }

  @Test
  void aPastBlock_readsWhatHeldThere_anchoredAtItsNumberAndTimestamp() {
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, devnet.rpcUrl(CHAIN)))) {
      long before = block(observe(adapter, CHAIN, holderWei)).number().longValueExact();
      transferFromHolder(TENTH);
      transferFromHolder(TENTH);
      long head = devnet.rpc(CHAIN).blockNumber();
      assertThat(head).isGreaterThanOrEqualTo(before + 4);

      ChainObservation.Observed past =
          observed(
              await(
                  adapter.observeAt(
                      ChainId.evm(CHAIN),
                      BigInteger.valueOf(before),
                      Set.of(holderWei),
                      firstRound -> Set.of(holderDeth),
                      Set.of())));

      assertThat(block(past).number()).isEqualTo(BigInteger.valueOf(before));
      assertThat(block(past).timestamp()).isEqualTo(timestampOf(before));
      assertThat(block(past).tag()).isEqualTo(AnchorTag.LATEST);
      assertThat(Web3jEvmChainStateDevnetTest.value(past, holderWei)).isEqualTo(funded("holder"));
      assertThat(Web3jEvmChainStateDevnetTest.value(past, holderDeth))
          .as("the follow-up pinned to the same past block")
          .isEqualTo(m.wallet("holder").erc20Raw(CHAIN, "dETH"));

      // one transfer later: a block between, read through the family-neutral port
      long between = before + 2;
      ChainObservation.Observed middle =
          observed(
              await(
                  ((ChainState) adapter)
                      .observeAt(
                          ChainId.evm(CHAIN),
                          between,
                          ChainQuery.of(Set.<ChainRead<?>>of(holderWei, holderDeth)))));
      assertThat(block(middle).number()).isEqualTo(BigInteger.valueOf(between));
      assertThat(block(middle).timestamp()).isEqualTo(timestampOf(between));
      assertThat(Web3jEvmChainStateDevnetTest.value(middle, holderDeth))
          .isEqualTo(m.wallet("holder").erc20Raw(CHAIN, "dETH").subtract(ONE_ETHER));
      assertThat(Web3jEvmChainStateDevnetTest.value(middle, holderWei))
          .as("a tenth of an ether and gas less")
          .isLessThan(funded("holder").subtract(TENTH))
          .isGreaterThan(funded("holder").subtract(TENTH.multiply(BigInteger.TWO)));

      ChainObservation.Observed now = observe(adapter, CHAIN, holderDeth);
      assertThat(Web3jEvmChainStateDevnetTest.value(now, holderDeth))
          .isEqualTo(m.wallet("holder").erc20Raw(CHAIN, "dETH").subtract(ONE_ETHER.shiftLeft(1)));
    }
  }

  @Test
  void aBlockAboveTheHead_aQuorum_orAnotherTag_isNotReadAtAPastBlock() {
    try (Web3jEvmChainState adapter = adapter(patient(CHAIN, devnet.rpcUrl(CHAIN)))) {
      ChainId chain = ChainId.evm(CHAIN);
      long head = devnet.rpc(CHAIN).blockNumber();
      Set<ChainRead<?>> reads = Set.of(holderWei);

      assertThat(await(adapter.observeAt(chain, head + 1_000, ChainQuery.of(reads))))
          .as("a block the node does not have")
          .isInstanceOf(ChainObservation.HeadUnavailable.class);
      ChainQuery quorum =
          new ChainQuery(reads, r -> Set.of(), Set.of(), AnchorTag.LATEST, Assurance.QUORUM);
      assertThat(await(adapter.observeAt(chain, head, quorum)))
          .isEqualTo(new ChainObservation.HeadUnavailable(ChainState.NO_PAST_BLOCKS));
      ChainQuery safe = new ChainQuery(reads, r -> Set.of(), Set.of(), AnchorTag.SAFE);
      assertThat(await(adapter.observeAt(chain, head, safe)))
          .isEqualTo(new ChainObservation.HeadUnavailable(ChainState.NO_PAST_BLOCKS));
    }
  }

  private Instant timestampOf(long number) {
    return Instant.ofEpochSecond(
        JsonRpc.quantity(devnet.rpc(CHAIN).block(JsonRpc.tag(number)).path("timestamp").asText())
            .longValueExact());
  }

  /**
   * The holder sends {@code wei} and one dETH to the empty wallet, each in a transaction of its own
   * block. (Real transactions: anvil's state-setting cheats would rewrite the current block in
   * place, which no real chain does.)
   */
  private void transferFromHolder(BigInteger wei) {
    JsonRpc rpc = devnet.rpc(CHAIN);
    String empty = wallet(m, "empty").lowercase();
    rpc.call("anvil_impersonateAccount", holder.lowercase());
    try {
      rpc.sendTransaction(
          Map.of("from", holder.lowercase(), "to", empty, "value", "0x" + wei.toString(16)));
      rpc.sendTransaction(
          Map.of(
              "from",
              holder.lowercase(),
              "to",
              m.chain(CHAIN).address("token18"),
              "data",
              TRANSFER
                  .encodeCall(List.of(Bytes32.of(wallet(m, "empty")), Bytes32.of(ONE_ETHER)))
                  .toHex()));
    } finally {
      rpc.call("anvil_stopImpersonatingAccount", holder.lowercase());
    }
  }

  private BigInteger funded(String wallet) {
    return new BigInteger(m.wallet(wallet).holdings(CHAIN).path("native").path("raw").asText());
  }
}
