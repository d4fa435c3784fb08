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
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.adapters.chain.evm.testing.RpcProxy;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.DevnetSnapshot;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.observation.ChainObservation;

/**
 * The chain moves on while an observation runs (transactions mined between the head and the reads):
 * every read still answers for the anchored block. Chain 1, where the manifest's balances are
 * exact.
 */
@ExtendWith(DevnetExtension.class)
class PinnedReadsTest {

  private static final long CHAIN = 1;
  private static final BigInteger ONE_ETHER = BigInteger.TEN.pow(18);
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
                        transferFromHolder();
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
      proxy.then(RpcProxy.forward(), RpcProxy.after(this::transferFromHolder));

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

  /**
   * The holder sends one ether and one dETH to the empty wallet, each in a transaction of its own
   * block. (Real transactions: anvil's state-setting cheats would rewrite the current block in
   * place, which no real chain does.)
   */
  private void transferFromHolder() {
    JsonRpc rpc = devnet.rpc(CHAIN);
    String empty = wallet(m, "empty").lowercase();
    rpc.call("anvil_impersonateAccount", holder.lowercase());
    try {
      rpc.sendTransaction(
          Map.of("from", holder.lowercase(), "to", empty, "value", "0x" + ONE_ETHER.toString(16)));
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
