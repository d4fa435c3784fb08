package org.walletstate.adapters.chain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.chain.evm.testing.Adapters.adapter;
import static org.walletstate.adapters.chain.evm.testing.Adapters.address;
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
import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.JsonRpc;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.attest.ReadPlan;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.CodeState;
import org.walletstate.domain.evm.DeployedCode;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.evm.eas.EasRecord;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.observation.ChainObservation;

/** Reads on the real devnet chains: every value as the devnet's manifest states it. */
@ExtendWith(DevnetExtension.class)
class Web3jEvmChainStateDevnetTest {

  private static Web3jEvmChainState adapter;

  @BeforeAll
  static void connect(Devnet devnet) {
    adapter =
        adapter(
            patient(1, devnet.rpcUrl(1)),
            patient(8453, devnet.rpcUrl(8453)),
            patient(10, devnet.rpcUrl(10)));
  }

  @AfterAll
  static void disconnect() {
    adapter.close();
  }

  @Test
  void observe_anchorsAtTheHeadWithItsNumberAndTimestamp(Devnet devnet, DevnetManifest m) {
    ChainObservation.Observed observed = observe(adapter, 8453);

    BigInteger number = block(observed).number();
    JsonNode block = devnet.rpc(8453).block(JsonRpc.tag(number.longValueExact()));
    assertThat(number.longValueExact())
        .isGreaterThanOrEqualTo(m.chain(8453).readyBlock())
        .isLessThanOrEqualTo(devnet.rpc(8453).blockNumber());
    assertThat(block(observed).timestamp())
        .isEqualTo(
            Instant.ofEpochSecond(
                JsonRpc.quantity(block.path("timestamp").asText()).longValueExact()));
  }

  @Test
  void observe_readsErc20BalanceDecimalsAndTotalSupplyAsTheManifestSays(DevnetManifest m) {
    EvmAddress holder = wallet(m, "holder");
    EvmAddress dUsd = contract(m, 8453, "token6");
    EvmAddress usdc = contract(m, 8453, "usdc");
    var balance = new EvmRead.Erc20BalanceOf(dUsd, holder);
    var decimals = new EvmRead.Erc20Decimals(dUsd);
    var supply = new EvmRead.Erc20TotalSupply(dUsd);
    var usdcBalance = new EvmRead.Erc20BalanceOf(usdc, holder);
    var usdcDecimals = new EvmRead.Erc20Decimals(usdc);

    ChainObservation.Observed observed =
        observe(adapter, 8453, balance, decimals, supply, usdcBalance, usdcDecimals);

    assertThat(value(observed, balance)).isEqualTo(m.wallet("holder").erc20Raw(8453, "dUSD"));
    assertThat(value(observed, decimals)).isEqualTo(TokenDecimals.of(6));
    assertThat(value(observed, supply)).isEqualTo(mintedInAll(m, 8453, "dUSD"));
    assertThat(value(observed, usdcBalance)).isEqualTo(m.wallet("holder").erc20Raw(8453, "USDC"));
    assertThat(value(observed, usdcDecimals)).isEqualTo(TokenDecimals.of(6));
  }

  @Test
  void observe_readsErc721BalancesAsTheManifestSays(DevnetManifest m) {
    EvmAddress nft = contract(m, 8453, "nft");
    var holderNfts = new EvmRead.Erc721BalanceOf(nft, wallet(m, "holder"));
    var accountNfts = new EvmRead.Erc721BalanceOf(nft, wallet(m, "contractAccount"));
    var emptyNfts = new EvmRead.Erc721BalanceOf(nft, wallet(m, "empty"));

    ChainObservation.Observed observed = observe(adapter, 8453, holderNfts, accountNfts, emptyNfts);

    assertThat(value(observed, holderNfts))
        .isEqualTo(tokenCount(m, "holder"))
        .isEqualTo(BigInteger.TWO);
    assertThat(value(observed, accountNfts)).isEqualTo(tokenCount(m, "contractAccount"));
    assertThat(value(observed, emptyNfts)).isZero();
  }

  /**
   * On chain 1 no funded wallet ever sends a transaction, so the manifest's funding is the exact
   * balance (on 8453 the wallets have paid gas since).
   */
  @Test
  void observe_readsNativeBalancesAsTheManifestSays(DevnetManifest m) {
    var holderWei = new EvmRead.NativeBalance(wallet(m, "holder"));
    var operatorWei = new EvmRead.NativeBalance(wallet(m, "agentOperator"));
    var emptyWei = new EvmRead.NativeBalance(wallet(m, "empty"));

    ChainObservation.Observed observed = observe(adapter, 1, holderWei, operatorWei, emptyWei);

    assertThat(value(observed, holderWei)).isEqualTo(funded(m, "holder", 1));
    assertThat(value(observed, operatorWei)).isEqualTo(funded(m, "agentOperator", 1));
    assertThat(value(observed, emptyWei)).isZero();
  }

  @Test
  void observe_readsTheCodeOfEveryCodeStateAsTheManifestSays(DevnetManifest m) {
    for (JsonNode codeState : m.chain(8453).json().path("codeStates")) {
      EvmAddress account = wallet(m, codeState.path("wallet").asText());
      var code = new EvmRead.AccountCode(account);

      DeployedCode deployed = value(observe(adapter, 8453, code), code);

      assertThat(deployed.state().wireName())
          .as("code state of %s", codeState.path("wallet").asText())
          .isEqualTo(codeState.path("expect").asText());
      assertThat(hex(Keccak256.hash(deployed.code().toArray())))
          .isEqualTo(codeState.path("codeHash").asText());
      if (deployed.state() == CodeState.EIP7702) {
        assertThat(deployed.code().toHex()).startsWith("0xef0100");
        assertThat(deployed.delegate()).contains(address(codeState.path("delegate").asText()));
      }
    }
  }

  @Test
  void observe_readsTheAttestationTheIndexerNamesInASecondRoundAtTheSameBlock(DevnetManifest m) {
    DevnetManifest.Attestation expected = m.chain(8453).attestation("holder.verifiedAccount");
    ReadPlan plan =
        plan(
            m,
            "holder",
            "[{\"type\": \"eas_attestation\", \"template\": \"exchange_verified_account\"}]");
    EvmRead.AttestationUid uid = lookupRead(plan, 8453);
    EvmAddress eas = contract(m, 8453, "eas");

    ChainObservation.Observed observed =
        observed(
            await(
                adapter.observe(
                    ChainId.evm(8453),
                    Set.of(uid),
                    firstRound -> EvmRead.all(plan.followUps(ChainId.evm(8453), firstRound)))));

    Bytes32 indexed = value(observed, uid);
    assertThat(indexed.hex()).isEqualTo(expected.uid());
    EasRecord record = value(observed, new EvmRead.EasAttestation(eas, indexed));
    assertThat(record.uid()).isEqualTo(indexed);
    assertThat(record.schema().hex()).isEqualTo(expected.schema());
    assertThat(record.recipient()).isEqualTo(address(expected.recipient()));
    assertThat(record.attester()).isEqualTo(address(expected.attester()));
    assertThat(record.revocationTime()).isEqualTo(expected.revocationTime());
    assertThat(record.expirationTime()).isEqualTo(expected.expirationTime());
    assertThat(record.data().toHex()).isEqualTo(expected.data());
  }

  @Test
  void observe_readsTheFarcasterIdOnOpMainnet(DevnetManifest m) {
    FunctionSignature idOf = FunctionSignature.of("idOf(address)");
    EvmAddress registry = contract(m, 10, "farcasterIdRegistry");
    var holderFid = new EvmRead.UintViewCall(registry, idOf, wallet(m, "holder"));
    var delegatedFid = new EvmRead.UintViewCall(registry, idOf, wallet(m, "delegated7702"));
    var noFid = new EvmRead.UintViewCall(registry, idOf, wallet(m, "empty"));

    ChainObservation.Observed observed = observe(adapter, 10, holderFid, delegatedFid, noFid);

    assertThat(value(observed, holderFid))
        .isEqualTo(fid(m, "holder"))
        .isEqualTo(BigInteger.valueOf(1001));
    assertThat(value(observed, delegatedFid)).isEqualTo(fid(m, "delegated7702"));
    assertThat(value(observed, noFid)).isZero();
  }

  @Test
  void observe_reportsARevertAsRevertedWithItsDataNotAsAFailure(DevnetManifest m) {
    EvmAddress allowList = contract(m, 8453, "allowList");
    var reverts =
        new EvmRead.BoolViewCall(
            allowList, FunctionSignature.of("alwaysReverts(address)"), wallet(m, "holder"));
    var allowed =
        new EvmRead.BoolViewCall(
            allowList, FunctionSignature.of("isAllowed(address)"), wallet(m, "holder"));

    ChainObservation.Observed observed = observe(adapter, 8453, reverts, allowed);

    ReadOutcome outcome = outcomes(observed).outcome(reverts);
    assertThat(outcome).isInstanceOf(ReadOutcome.Reverted.class);
    // Error(string) with the contract's reason
    assertThat(((ReadOutcome.Reverted) outcome).data().toHex())
        .startsWith("0x08c379a0")
        .contains(HexFormat.of().formatHex("AllowList: always reverts".getBytes()));
    assertThat(value(observed, allowed)).isTrue();
  }

  @Test
  void observe_answersACallToAnAccountWithoutCodeWithEmptyData(DevnetManifest m) {
    var noCode = new EvmRead.Erc20Decimals(wallet(m, "empty"));

    ChainObservation.Observed observed = observe(adapter, 8453, noCode);

    assertThat(outcomes(observed).outcome(noCode)).isEqualTo(new ReadOutcome.Data(Bytes.EMPTY));
    assertThat(outcomes(observed).reading(noCode)).isInstanceOf(Reading.Unreadable.class);
  }

  @Test
  void observe_readsSeveralChainsInParallelEachAtItsOwnHead(Devnet devnet, DevnetManifest m) {
    EvmAddress holder = wallet(m, "holder");
    Map<Long, EvmRead.Erc20BalanceOf> usdcOf =
        Map.of(
            1L, new EvmRead.Erc20BalanceOf(contract(m, 1, "usdc"), holder),
            8453L, new EvmRead.Erc20BalanceOf(contract(m, 8453, "usdc"), holder),
            10L, new EvmRead.Erc20BalanceOf(contract(m, 10, "usdc"), holder));

    List<ChainObservation> observations =
        Uni.join()
            .all(
                List.of(1L, 8453L, 10L).stream()
                    .map(
                        chain ->
                            adapter.observe(
                                ChainId.evm(chain), Set.of(usdcOf.get(chain)), r -> Set.of()))
                    .toList())
            .andFailFast()
            .await()
            .atMost(java.time.Duration.ofSeconds(90));

    for (int i = 0; i < 3; i++) {
      long chain = List.of(1L, 8453L, 10L).get(i);
      ChainObservation.Observed observed = observed(observations.get(i));
      assertThat(value(observed, usdcOf.get(chain)))
          .as("USDC on chain %d", chain)
          .isEqualTo(m.wallet("holder").erc20Raw(chain, "USDC"));
      assertThat(block(observed).number().longValueExact())
          .as("head of chain %d", chain)
          .isGreaterThanOrEqualTo(m.chain(chain).readyBlock())
          .isLessThanOrEqualTo(devnet.rpc(chain).blockNumber());
    }
    // the three chains have different heights, so each anchor is its own chain's
    assertThat(observations.stream().map(o -> block(observed(o)).number()).distinct()).hasSize(3);
  }

  @Test
  void observe_answersAnUnconfiguredChainWithAnUnavailableHeadInsteadOfFailing() {
    ChainObservation observation =
        await(adapter.observe(ChainId.evm(137), Set.of(), r -> Set.of()));

    assertThat(observation).isInstanceOf(ChainObservation.HeadUnavailable.class);
  }

  static <T> T value(ChainObservation.Observed observed, EvmRead<T> read) {
    Reading<T> reading = outcomes(observed).reading(read);
    assertThat(reading).as("reading of %s", read).isInstanceOf(Reading.Value.class);
    return ((Reading.Value<T>) reading).value();
  }

  private static BigInteger mintedInAll(DevnetManifest m, long chain, String symbol) {
    return m.wallets().values().stream()
        .map(w -> w.erc20Raw(chain, symbol))
        .reduce(BigInteger.ZERO, BigInteger::add);
  }

  private static BigInteger tokenCount(DevnetManifest m, String wallet) {
    return BigInteger.valueOf(
        m.wallet(wallet).holdings(8453).path("erc721").path("dNFT").path("tokenIds").size());
  }

  private static BigInteger funded(DevnetManifest m, String wallet, long chain) {
    return new BigInteger(m.wallet(wallet).holdings(chain).path("native").path("raw").asText());
  }

  private static BigInteger fid(DevnetManifest m, String wallet) {
    return BigInteger.valueOf(m.wallet(wallet).holdings(10).path("fid").asLong());
  }

  private static String hex(byte[] bytes) {
    return "0x" + HexFormat.of().formatHex(bytes);
  }
}
