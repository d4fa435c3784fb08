package org.walletstate.domain.evm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;

class DeployedCodeTest {

  private static final String TARGET = "63c0c19a282a1b52b07dd5a65b58948a07dae32b";

  @Test
  void emptyCodeIsNoCode() {
    DeployedCode code = new DeployedCode(Bytes.EMPTY);

    assertThat(code.state()).isEqualTo(CodeState.NONE);
    assertThat(code.delegate()).isEmpty();
  }

  @Test
  void theTwentyThreeByteDesignatorIsAnEip7702DelegationToItsTarget() {
    DeployedCode code = new DeployedCode(Bytes.fromHex("0xef0100" + TARGET));

    assertThat(code.state()).isEqualTo(CodeState.EIP7702);
    assertThat(code.delegate()).contains(EvmAddress.of("0x" + TARGET));
  }

  @Test
  void aDesignatorPrefixOfAnyOtherLengthIsContractCode() {
    assertThat(new DeployedCode(Bytes.fromHex("0xef0100" + TARGET + "00")).state())
        .isEqualTo(CodeState.CONTRACT);
    assertThat(new DeployedCode(Bytes.fromHex("0xef0100" + TARGET.substring(2))).state())
        .isEqualTo(CodeState.CONTRACT);
    assertThat(new DeployedCode(Bytes.fromHex("0xef0101" + TARGET)).state())
        .isEqualTo(CodeState.CONTRACT);
  }

  @Test
  void anyOtherCodeIsAContract() {
    DeployedCode code = new DeployedCode(Bytes.fromHex("0x6080604052"));

    assertThat(code.state()).isEqualTo(CodeState.CONTRACT);
    assertThat(code.delegate()).isEmpty();
  }
}
