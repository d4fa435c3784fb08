package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.domain.attest.condition.TokenBalanceTest.WALLET;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.walletstate.application.testing.AttestScenario;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.fixtures.FakeEvm;
import org.walletstate.domain.payload.KeyVersion;

class AccountCodeTest {

  private static final String TARGET = "0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B";
  private static final String DESIGNATOR = "0xef0100" + TARGET.substring(2).toLowerCase();

  private static AttestScenario expect(String expect, String delegate) {
    return AttestScenario.request(
        KeyVersion.V2,
        "{\"wallet\":\""
            + WALLET
            + "\",\"conditions\":[{\"type\":\"account_code\","
            + "\"chainId\":8453,\"expect\":\""
            + expect
            + "\""
            + (delegate == null ? "" : ",\"delegate\":\"" + delegate + "\"")
            + "}]}");
  }

  private static FakeEvm code(String hex) {
    return FakeEvm.chain().code(WALLET, Bytes.fromHex(hex));
  }

  @ParameterizedTest(name = "{0} code, expect {1}: met {2}")
  @CsvSource({
    "0x, none, true",
    "0x, eip7702, false",
    "0x, contract, false",
    "designator, none, false",
    "designator, eip7702, true",
    "designator, contract, false",
    "0x6080604052, none, false",
    "0x6080604052, eip7702, false",
    "0x6080604052, contract, true"
  })
  void theThreeCodeStatesAreExclusive(String code, String expect, boolean met) {
    String hex = code.equals("designator") ? DESIGNATOR : code;

    assertThat(expect(expect, null).on(8453, code(hex)).met()).isEqualTo(met);
  }

  @Test
  void aDelegationMustPointAtTheGivenDelegate() {
    assertThat(expect("eip7702", TARGET).on(8453, code(DESIGNATOR)).met()).isTrue();
    assertThat(expect("eip7702", TARGET.toLowerCase()).on(8453, code(DESIGNATOR)).met()).isTrue();
    assertThat(
            expect("eip7702", "0x0000000000000000000000000000000000000001")
                .on(8453, code(DESIGNATOR))
                .met())
        .isFalse();
  }

  @Test
  void aDesignatorOfTheWrongLengthIsContractCode() {
    assertThat(expect("contract", null).on(8453, code(DESIGNATOR + "00")).met()).isTrue();
    assertThat(expect("eip7702", TARGET).on(8453, code(DESIGNATOR + "00")).met()).isFalse();
  }

  @Test
  void issuesTheCodeStateShapeWithTheDelegateInLowerCase() {
    assertThat(expect("eip7702", TARGET).on(8453, code(DESIGNATOR)).evaluatedCondition())
        .isEqualTo(
            "{\"type\":\"account_code\",\"chainId\":8453,\"expect\":\"eip7702\","
                + "\"operator\":\"code_state\","
                + "\"delegate\":\"0x63c0c19a282a1b52b07dd5a65b58948a07dae32b\"}");
    assertThat(expect("contract", null).on(8453, code("0x")).evaluatedCondition())
        .isEqualTo(
            "{\"type\":\"account_code\",\"chainId\":8453,\"expect\":\"contract\","
                + "\"operator\":\"code_state\"}");
  }

  @Test
  void neverReturnsTheCode() {
    var result = expect("contract", null).on(8453, code("0x6080604052")).result();

    assertThat(result.extras().members()).isEmpty();
    assertThat(result.evaluatedCondition().members()).doesNotContainKey("code");
  }

  @Test
  void isUnavailableWhenTheCodeCannotBeRead() {
    FakeEvm failing =
        FakeEvm.chain().answer(new EvmRead.AccountCode(WALLET), ReadOutcome.failed("timeout"));

    assertThat(expect("none", null).on(8453, failing).failures())
        .containsExactly(
            new FailedCondition(
                0, FailureSource.CHAIN_READ, ChainId.evm(8453), "account code could not be read"));
  }
}
