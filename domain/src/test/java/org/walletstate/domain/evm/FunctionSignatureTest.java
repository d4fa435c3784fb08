package org.walletstate.domain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;

class FunctionSignatureTest {

  @ParameterizedTest
  @CsvSource({
    "balanceOf(address), 0x70a08231",
    "decimals(), 0x313ce567",
    "totalSupply(), 0x18160ddd",
    "'getAttestationUid(address,bytes32)', 0xab2717dd",
    "'getUserAttestation(address,bytes32)', 0x79300e56",
    "getAttestation(bytes32), 0xa3112a64",
    "idOf(address), 0xd94fe832"
  })
  void selectorIsTheFirstFourBytesOfTheKeccakOfTheSignature(String signature, String selector) {
    assertThat(FunctionSignature.of(signature).selector().toHex()).isEqualTo(selector);
  }

  @Test
  void encodesACallWithStaticArguments() {
    EvmAddress holder = EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");

    Bytes call = FunctionSignature.of("balanceOf(address)").encodeCall(List.of(Bytes32.of(holder)));

    assertThat(call.toHex())
        .isEqualTo("0x70a08231000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045");
  }

  @ParameterizedTest
  @ValueSource(strings = {"isMember(address)", "_check$1(address)", "$(address)"})
  void acceptsCanonicalSingleAddressSignatures(String text) {
    assertThat(FunctionSignature.parseSingleAddress(text, "conditions[0].selector").canonical())
        .isEqualTo(text);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "isMember(address a)",
        "isMember( address)",
        "isMember (address)",
        "isMember(Address)",
        "isMember(address,uint256)",
        "isMember(uint256)",
        "isMember()",
        "isMember",
        "0x33c0a427",
        "1isMember(address)",
        "is-member(address)",
        "isMember(address)(bool)",
        "isMember(address) returns (bool)"
      })
  void refusesAnythingButTheCanonicalSingleAddressForm(String text) {
    assertThatThrownBy(() -> FunctionSignature.parseSingleAddress(text, "conditions[3].selector"))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "conditions[3].selector must be the canonical signature of a view function taking one"
                + " address, such as \"isMember(address)\" (no spaces or parameter names), got \""
                + text
                + "\"");
  }
}
