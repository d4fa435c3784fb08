package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.domain.attest.condition.TokenBalanceTest.WALLET;

import org.junit.jupiter.api.Test;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.payload.KeyVersion;

class EvmViewCallTest {

  private static final EvmAddress DECODER =
      EvmAddress.of("0x5558D441779Eca04A329BcD6b47830D2C6607769");
  private static final EvmRead.BoolViewCall IS_HUMAN =
      new EvmRead.BoolViewCall(DECODER, FunctionSignature.of("isHuman(address)"), WALLET);

  private static AttestScenario isHuman() {
    return AttestScenario.request(
        KeyVersion.V2,
        "{\"wallet\":\""
            + WALLET
            + "\",\"conditions\":[{\"type\":\"evm_view_call\","
            + "\"chainId\":10,\"contractAddress\":\""
            + DECODER
            + "\","
            + "\"selector\":\"isHuman(address)\"}]}");
  }

  private static FakeEvm answering(ReadOutcome outcome) {
    return FakeEvm.chain().answer(IS_HUMAN, outcome);
  }

  @Test
  void callsTheFunctionWithTheWalletAsItsOnlyArgument() {
    assertThat(IS_HUMAN.request())
        .isEqualTo(
            new EvmRequest.EthCall(
                DECODER,
                Bytes.fromHex(
                    FunctionSignature.of("isHuman(address)").selector().toHex()
                        + "000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045")));
  }

  @Test
  void isMetWhenTheFunctionReturnsTrue() {
    assertThat(isHuman().on(10, answering(ReadOutcome.data(FakeEvm.word(1)))).met()).isTrue();
  }

  @Test
  void isNotMetWhenTheFunctionReturnsFalse() {
    assertThat(isHuman().on(10, answering(ReadOutcome.data(FakeEvm.word(0)))).met()).isFalse();
  }

  @Test
  void aRevertAtThePinnedBlockIsNotMet() {
    assertThat(isHuman().on(10, answering(ReadOutcome.reverted())).met()).isFalse();
  }

  @Test
  void isUnavailableWhenTheCallFails() {
    assertThat(isHuman().on(10, answering(ReadOutcome.failed("timeout"))).failures())
        .containsExactly(
            new FailedCondition(
                0,
                FailureSource.VIEW_CALL,
                ChainId.evm(10),
                "view function gave no boolean answer"));
  }

  @Test
  void isUnavailableWhenTheAnswerIsNotABoolean() {
    assertThat(isHuman().on(10, FakeEvm.chain()).failures()).hasSize(1);
    assertThat(isHuman().on(10, answering(ReadOutcome.data(FakeEvm.word(2)))).failures())
        .extracting(FailedCondition::source)
        .containsExactly(FailureSource.VIEW_CALL);
  }

  @Test
  void signsTheContractAndTheSignature() {
    assertThat(isHuman().on(10, answering(ReadOutcome.data(FakeEvm.word(1)))).evaluatedCondition())
        .isEqualTo(
            "{\"type\":\"evm_view_call\",\"chainId\":10,"
                + "\"contractAddress\":\"0x5558D441779Eca04A329BcD6b47830D2C6607769\","
                + "\"operator\":\"returns_true\",\"selector\":\"isHuman(address)\"}");
  }
}
