package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.domain.attest.condition.TokenBalanceTest.WALLET;

import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.payload.KeyVersion;

class FarcasterIdTest {

  private static final EvmRead.UintViewCall ID_OF =
      new EvmRead.UintViewCall(FarcasterId.ID_REGISTRY, FarcasterId.ID_OF, WALLET);

  private static AttestScenario farcaster() {
    return AttestScenario.request(
        KeyVersion.V2,
        "{\"wallet\":\"" + WALLET + "\",\"conditions\":[{\"type\":\"farcaster_id\"}]}");
  }

  private static FakeEvm answering(ReadOutcome outcome) {
    return FakeEvm.chain().answer(ID_OF, outcome);
  }

  @Test
  void asksTheIdRegistryOnOpMainnetForTheWalletsId() {
    assertThat(ID_OF.request())
        .isEqualTo(
            new EvmRequest.EthCall(
                FarcasterId.ID_REGISTRY,
                org.walletstate.domain.evm.Bytes.fromHex(
                    "0xd94fe832000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045")));
  }

  @Test
  void isMetWhenTheWalletHasAnId() {
    assertThat(farcaster().on(10, answering(ReadOutcome.data(FakeEvm.word(3)))).met()).isTrue();
  }

  @Test
  void isNotMetForIdZero() {
    assertThat(farcaster().on(10, answering(ReadOutcome.data(FakeEvm.word(0)))).met()).isFalse();
  }

  @Test
  void isUnavailableWhenTheRegistryCannotBeRead() {
    assertThat(farcaster().on(10, answering(ReadOutcome.failed("timeout"))).failures())
        .containsExactly(
            new FailedCondition(
                0,
                FailureSource.IDENTITY_READ,
                ChainId.evm(10),
                "identity registry could not be read"));
    assertThat(farcaster().on(10, answering(ReadOutcome.reverted())).failures()).hasSize(1);
  }

  @Test
  void signsTheRegistryAsAPresenceCheck() {
    assertThat(
            farcaster().on(10, answering(ReadOutcome.data(FakeEvm.word(3)))).evaluatedCondition())
        .isEqualTo(
            "{\"type\":\"farcaster_id\",\"chainId\":10,"
                + "\"contractAddress\":\"0x00000000Fc6c5F01Fc30151999387Bb99A9f489b\","
                + "\"operator\":\"gt\",\"threshold\":0}");
  }
}
