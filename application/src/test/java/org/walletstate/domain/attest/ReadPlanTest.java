package org.walletstate.domain.attest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.eas.EasDeployments;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

class ReadPlanTest {

  static final EvmAddress WALLET = EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");
  static final EvmAddress USDC = EvmAddress.of("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
  static final EvmAddress BASE_USDC = EvmAddress.of("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");

  static AttestRequest request(String conditions) {
    return AttestCommands.parse(
            Json.object("{\"wallet\":\"" + WALLET + "\",\"conditions\":[" + conditions + "]}"),
            KeyVersion.V2)
        .request();
  }

  static String balance(long chain, EvmAddress token, String threshold) {
    return "{\"type\":\"token_balance\",\"chainId\":"
        + chain
        + ",\"contractAddress\":\""
        + token
        + "\",\"threshold\":\""
        + threshold
        + "\"}";
  }

  @Test
  void groupsReadsByChainInTheOrderConditionsNameThem() {
    ReadPlan plan =
        ReadPlan.of(
            request(
                balance(8453, BASE_USDC, "1")
                    + ",{\"type\":\"farcaster_id\"},"
                    + balance(1, USDC, "1")));

    assertThat(plan.chains()).containsExactly(ChainId.evm(8453), ChainId.evm(10), ChainId.evm(1));
    assertThat(plan.reads(ChainId.evm(1)))
        .containsExactlyInAnyOrder(
            new EvmRead.Erc20Decimals(USDC), new EvmRead.Erc20BalanceOf(USDC, WALLET));
  }

  @Test
  void everyChainQueryCarriesTheRequestedAnchor() {
    String body =
        "{\"wallet\":\""
            + WALLET
            + "\",\"anchor\":\"finalized\",\"conditions\":["
            + balance(8453, BASE_USDC, "1")
            + ",{\"type\":\"farcaster_id\"}]}";
    ReadPlan tagged = ReadPlan.of(AttestCommands.parse(Json.object(body), KeyVersion.V2).request());
    assertThat(tagged.query(ChainId.evm(8453)).anchor()).isEqualTo(AnchorTag.FINALIZED);
    assertThat(tagged.query(ChainId.evm(10)).anchor()).isEqualTo(AnchorTag.FINALIZED);

    ReadPlan untagged = ReadPlan.of(request(balance(8453, BASE_USDC, "1")));
    assertThat(untagged.query(ChainId.evm(8453)).anchor()).isEqualTo(AnchorTag.LATEST);
  }

  @Test
  void readsWhatSeveralConditionsShareOnce() {
    AttestScenario scenario =
        AttestScenario.request(
            KeyVersion.V2,
            "{\"wallet\":\""
                + WALLET
                + "\",\"conditions\":["
                + balance(1, USDC, "1")
                + ","
                + balance(1, USDC, "1000")
                + ","
                + "{\"type\":\"ratio_to_supply\",\"chainId\":1,\"contractAddress\":\""
                + USDC
                + "\",\"minFraction\":\"0.5\"}]}");
    FakeEvm chain =
        FakeEvm.chain()
            .erc20(USDC, 6)
            .balance(USDC, WALLET, 5_000_000)
            .totalSupply(USDC, java.math.BigInteger.TEN.pow(12));

    assertThat(scenario.on(1, chain).results())
        .extracting(r -> r.met())
        .containsExactly(true, false, false);
    assertThat(chain.served()).hasSize(3);
  }

  @Test
  void hasNoFollowUpsWithoutEasConditions() {
    ReadPlan plan = ReadPlan.of(request(balance(1, USDC, "1")));

    assertThat(plan.followUps(ChainId.evm(1), ReadOutcomes.none())).isEmpty();
  }

  @Test
  void followsAnIndexedUidWithTheEasReadOfThatUid() {
    AttestRequest request =
        request("{\"type\":\"eas_attestation\",\"template\":\"exchange_verified_account\"}");
    ReadPlan plan = ReadPlan.of(request);
    EvmRead<?> uidRead = EvmRead.all(plan.reads(ChainId.evm(8453))).iterator().next();
    Bytes32 uid = Bytes32.of(java.math.BigInteger.valueOf(42));

    ReadOutcomes indexed = ReadOutcomes.of(Map.of(uidRead, ReadOutcome.data(uid.bytes())));
    ReadOutcomes none = ReadOutcomes.of(Map.of(uidRead, ReadOutcome.data(Bytes32.ZERO.bytes())));
    ReadOutcomes failed = ReadOutcomes.of(Map.of(uidRead, ReadOutcome.failed("timeout")));

    assertThat(plan.followUps(ChainId.evm(8453), indexed))
        .containsExactly(new EvmRead.EasAttestation(EasDeployments.PREDEPLOY, uid));
    assertThat(plan.followUps(ChainId.evm(8453), none)).isEmpty();
    assertThat(plan.followUps(ChainId.evm(8453), failed)).isEmpty();
  }

  @Test
  void refusesChainsOutsideThePlan() {
    ReadPlan plan = ReadPlan.of(request(balance(1, USDC, "1")));

    assertThatThrownBy(() -> plan.reads(ChainId.evm(10)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
