package org.walletstate.adapters.chain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.chain.evm.testing.Adapters.await;
import static org.walletstate.adapters.chain.evm.testing.Adapters.block;
import static org.walletstate.adapters.chain.evm.testing.Adapters.contract;
import static org.walletstate.adapters.chain.evm.testing.Adapters.none;
import static org.walletstate.adapters.chain.evm.testing.Adapters.observed;
import static org.walletstate.adapters.chain.evm.testing.Adapters.patient;
import static org.walletstate.adapters.chain.evm.testing.Adapters.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.testing.RpcProxy;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.devnet.NodeProofChecker;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.proof.BalanceLayout;
import org.walletstate.domain.proof.BalanceSlotSearch;
import org.walletstate.domain.proof.ProofOutcome;
import org.walletstate.domain.proof.ProofTarget;

/**
 * EIP-1186 proofs fetched by the adapter at the pinned block on the devnet, each checked by the
 * independent checker ({@code devnet/tools/verify-proof.mjs}) against the block's header, whose
 * hash it recomputes.
 */
@ExtendWith(DevnetExtension.class)
class ProofsOnDevnetTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static Web3jEvmChainState adapter;
  private static BalanceSlotCache slots;

  @BeforeAll
  static void connect(Devnet devnet) {
    slots = BalanceSlotCache.defaults(Clock.systemUTC());
    adapter = adapter(slots, patient(1, devnet.rpcUrl(1)), patient(8453, devnet.rpcUrl(8453)));
  }

  @AfterAll
  static void disconnect() {
    adapter.close();
  }

  private static Web3jEvmChainState adapter(BalanceSlotCache cache, EvmChainConfig... chains) {
    return new Web3jEvmChainState(
        EvmChainsConfig.defaults().onlyWith(List.of(chains)), Clock.systemUTC(), () -> 0.5, cache);
  }

  /** Observes the holding reads of {@code targets}' ERC-20s and proves them. */
  private static ChainObservation.Observed prove(
      Web3jEvmChainState on, long chain, ProofTarget... targets) {
    Set<EvmRead<?>> reads = new java.util.LinkedHashSet<>();
    for (ProofTarget t : targets) {
      if (t instanceof ProofTarget.Erc20Balance erc20) {
        reads.add(new EvmRead.Erc20BalanceOf(erc20.token(), erc20.holder()));
        reads.add(new EvmRead.Erc20Decimals(erc20.token()));
      } else {
        reads.add(new EvmRead.NativeBalance(t.account()));
      }
    }
    return observed(await(on.observe(ChainId.evm(chain), reads, none(), Set.of(targets))));
  }

  private static ProofOutcome.Obtained obtained(
      ChainObservation.Observed observed, ProofTarget target) {
    ProofOutcome outcome = observed.proofs().get(target);
    assertThat(outcome).as("proof of %s", target).isInstanceOf(ProofOutcome.Obtained.class);
    return (ProofOutcome.Obtained) outcome;
  }

  /** The proof as {@code eth_getProof} writes it, for the independent checker. */
  static ObjectNode asJson(AccountProof proof) {
    ObjectNode json = JSON.createObjectNode();
    json.put("address", proof.address().lowercase());
    json.put("nonce", "0x" + proof.nonce().toString(16));
    json.put("balance", "0x" + proof.balance().toString(16));
    json.put("codeHash", proof.codeHash().hex());
    json.put("storageHash", proof.storageHash().hex());
    ArrayNode nodes = json.putArray("accountProof");
    proof.accountProof().forEach(n -> nodes.add(n.toHex()));
    ArrayNode storage = json.putArray("storageProof");
    for (AccountProof.StorageProof slot : proof.storageProof()) {
      ObjectNode s = storage.addObject();
      s.put("key", slot.key().hex());
      s.put("value", "0x" + slot.value().toString(16));
      ArrayNode p = s.putArray("proof");
      slot.proof().forEach(n -> p.add(n.toHex()));
    }
    return json;
  }

  private static NodeProofChecker.ProofReport checkIndependently(
      Devnet devnet, long chain, ChainObservation.Observed observed, AccountProof proof) {
    JsonNode header =
        devnet.rpc(chain).block(JsonRpc.tag(block(observed).number().longValueExact()));
    NodeProofChecker.ProofReport report = devnet.proofChecker().check(asJson(proof), header);
    assertThat(report.ok()).as(report.json().toPrettyString()).isTrue();
    assertThat(report.blockHashRecomputed()).isTrue();
    return report;
  }

  @Test
  void erc20BalanceSlotsOf6And18DecimalTokensAreProvenOnBothChains(
      Devnet devnet, DevnetManifest m) {
    EvmAddress holder = wallet(m, "holder");
    for (long chain : List.of(8453L, 1L)) {
      var dUsd = new ProofTarget.Erc20Balance(contract(m, chain, "token6"), holder);
      var dEth = new ProofTarget.Erc20Balance(contract(m, chain, "token18"), holder);
      ChainObservation.Observed observed = prove(adapter, chain, dUsd, dEth);
      for (var entry : Map.of(dUsd, "dUSD", dEth, "dETH").entrySet()) {
        ProofOutcome.Obtained proof = obtained(observed, entry.getKey());
        assertThat(proof.layout()).contains(BalanceLayout.solidity(0));
        AccountProof.StorageProof slot = proof.proof().storageProof().get(0);
        assertThat(slot.key().hex())
            .isEqualTo(
                m.wallet("holder")
                    .holdings(chain)
                    .path("erc20")
                    .path(entry.getValue())
                    .path("balanceSlot")
                    .asText());
        assertThat(slot.value()).isEqualTo(m.wallet("holder").erc20Raw(chain, entry.getValue()));
        NodeProofChecker.ProofReport report =
            checkIndependently(devnet, chain, observed, proof.proof());
        assertThat(report.checks("storage").get(0).path("included").asBoolean()).isTrue();
      }
      assertThat(slots.get(ChainId.evm(chain), contract(m, chain, "token6")))
          .contains(new BalanceSlotCache.Found(BalanceLayout.solidity(0)));
    }
  }

  @Test
  void aNonHoldersZeroBalanceIsLocatedByOverrideAndProvenByExclusion(
      Devnet devnet, DevnetManifest m) {
    BalanceSlotCache fresh = BalanceSlotCache.defaults(Clock.systemUTC());
    try (Web3jEvmChainState own = adapter(fresh, patient(8453, devnet.rpcUrl(8453)))) {
      var target = new ProofTarget.Erc20Balance(contract(m, 8453, "token6"), wallet(m, "empty"));
      ChainObservation.Observed observed = prove(own, 8453, target);
      ProofOutcome.Obtained proof = obtained(observed, target);
      assertThat(proof.layout()).contains(BalanceLayout.solidity(0));
      assertThat(proof.proof().storageProof().get(0).value()).isZero();
      NodeProofChecker.ProofReport report =
          checkIndependently(devnet, 8453, observed, proof.proof());
      assertThat(report.checks("storage").get(0).path("included").asBoolean()).isFalse();
    }
  }

  @Test
  void nativeBalanceAndEveryCodeStateAreProvenByTheAccount(Devnet devnet, DevnetManifest m) {
    EvmAddress holder = wallet(m, "holder");
    var balance = new ProofTarget.AccountBalance(holder);
    List<ProofTarget> codes = new java.util.ArrayList<>();
    for (String w : List.of("empty", "holder", "delegated7702", "contractAccount")) {
      codes.add(new ProofTarget.AccountCode(wallet(m, w)));
    }
    List<ProofTarget> all = new java.util.ArrayList<>(codes);
    all.add(balance);
    ChainObservation.Observed observed = prove(adapter, 8453, all.toArray(new ProofTarget[0]));

    AccountProof nativeProof = obtained(observed, balance).proof();
    // what eth_getBalance answered at the same block (holder paid gas on 8453, so not the
    // manifest's)
    assertThat(nativeProof.balance())
        .isEqualTo(Web3jEvmChainStateDevnetTest.value(observed, new EvmRead.NativeBalance(holder)))
        .isPositive();
    checkIndependently(devnet, 8453, observed, nativeProof);
    for (JsonNode state : m.chain(8453).json().path("codeStates")) {
      var target = new ProofTarget.AccountCode(wallet(m, state.path("wallet").asText()));
      AccountProof proof = obtained(observed, target).proof();
      NodeProofChecker.ProofReport report = checkIndependently(devnet, 8453, observed, proof);
      if (state.path("wallet").asText().equals("empty")) {
        assertThat(report.checks("account").get(0).path("included").asBoolean()).isFalse();
      } else {
        assertThat(proof.codeHash().hex()).isEqualTo(state.path("codeHash").asText());
      }
    }
  }

  @Test
  void aComputedBalanceIsDeclinedAndAVyperLayoutIsFound(DevnetManifest m) {
    EvmAddress holder = wallet(m, "holder");
    var shares = new ProofTarget.Erc20Balance(contract(m, 8453, "sharesToken"), holder);
    var vyper = new ProofTarget.Erc20Balance(contract(m, 8453, "vyperLayoutToken"), holder);
    ChainObservation.Observed observed = prove(adapter, 8453, shares, vyper);

    assertThat(observed.proofs().get(shares))
        .isEqualTo(new ProofOutcome.Declined(BalanceSlotSearch.NOT_FOUND));
    assertThat(slots.get(ChainId.evm(8453), shares.token()))
        .get()
        .isInstanceOf(BalanceSlotCache.NotFound.class);
    ProofOutcome.Obtained found = obtained(observed, vyper);
    assertThat(found.layout()).contains(BalanceLayout.vyper(1));
    assertThat(found.proof().storageProof().get(0).key().hex())
        .isEqualTo(
            m.wallet("holder")
                .holdings(8453)
                .path("erc20")
                .path("dCRV")
                .path("balanceSlot")
                .asText());
  }

  @Test
  void withoutStateOverridesTheSlotIsFoundByValueButNotForAZeroBalance(
      Devnet devnet, DevnetManifest m) throws Exception {
    try (RpcProxy proxy =
        RpcProxy.inFrontOf(devnet.rpcUrl(8453))
            .otherwise(
                RpcProxy.failCalls(
                    call ->
                        call.path("method").asText().equals("eth_call")
                            && call.path("params").size() == 3,
                    -32602,
                    "state overrides are not supported"))) {
      EvmChainConfig config =
          patient(8453, proxy.url())
              .withAttempts(1)
              .withObservationDeadline(Duration.ofSeconds(45));
      try (Web3jEvmChainState own = adapter(BalanceSlotCache.defaults(Clock.systemUTC()), config)) {
        var held = new ProofTarget.Erc20Balance(contract(m, 8453, "token18"), wallet(m, "holder"));
        ChainObservation.Observed observed = prove(own, 8453, held);
        assertThat(obtained(observed, held).layout()).contains(BalanceLayout.solidity(0));
      }
      try (Web3jEvmChainState own = adapter(BalanceSlotCache.defaults(Clock.systemUTC()), config)) {
        var zero = new ProofTarget.Erc20Balance(contract(m, 8453, "token18"), wallet(m, "empty"));
        ChainObservation.Observed observed = prove(own, 8453, zero);
        assertThat(observed.proofs().get(zero))
            .isEqualTo(new ProofOutcome.Declined(BalanceSlotSearch.ZERO_WITHOUT_OVERRIDES));
      }
    }
  }

  @Test
  void theServiceChecksEveryNodeProofAgainstTheStateRootBeforeDeliveringIt(
      Devnet devnet, DevnetManifest m) {
    var target = new ProofTarget.Erc20Balance(contract(m, 8453, "token6"), wallet(m, "holder"));
    ChainObservation.Observed observed = prove(adapter, 8453, target);
    AccountProof good = obtained(observed, target).proof();
    Bytes32 root =
        Bytes32.parse(
            devnet
                .rpc(8453)
                .block(JsonRpc.tag(block(observed).number().longValueExact()))
                .path("stateRoot")
                .asText(),
            "stateRoot");
    assertThat(NodeProofCheck.problem(root, good)).isEmpty();

    AccountProof.StorageProof slot = good.storageProof().get(0);
    AccountProof otherValue =
        new AccountProof(
            good.address(),
            good.nonce(),
            good.balance(),
            good.storageHash(),
            good.codeHash(),
            good.accountProof(),
            List.of(
                new AccountProof.StorageProof(
                    slot.key(), slot.value().add(BigInteger.ONE), slot.proof())));
    assertThat(NodeProofCheck.problem(root, otherValue)).isPresent();
    AccountProof otherBalance =
        new AccountProof(
            good.address(),
            good.nonce(),
            BigInteger.TEN,
            good.storageHash(),
            good.codeHash(),
            good.accountProof(),
            good.storageProof());
    assertThat(NodeProofCheck.problem(root, otherBalance)).isPresent();
    List<Bytes> cut = good.accountProof().subList(0, good.accountProof().size() - 1);
    AccountProof shortened =
        new AccountProof(
            good.address(),
            good.nonce(),
            good.balance(),
            good.storageHash(),
            good.codeHash(),
            cut,
            good.storageProof());
    assertThat(NodeProofCheck.problem(root, shortened)).isPresent();
    assertThat(NodeProofCheck.problem(Bytes32.ZERO, good)).isPresent();
  }
}
