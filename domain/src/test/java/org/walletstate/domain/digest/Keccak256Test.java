package org.walletstate.domain.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class Keccak256Test {

  private static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }

  @Test
  void hashesTheEmptyInputToTheKnownEthereumValue() {
    assertThat(hex(Keccak256.hash(new byte[0])))
        .isEqualTo("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  }

  @Test
  void hashesAbc() {
    assertThat(hex(Keccak256.hash("abc")))
        .isEqualTo("4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
  }

  @Test
  void derivesKnownFunctionSelectors() {
    assertThat(hex(Keccak256.hash("balanceOf(address)")).substring(0, 8)).isEqualTo("70a08231");
    assertThat(hex(Keccak256.hash("idOf(address)")).substring(0, 8)).isEqualTo("d94fe832");
    assertThat(hex(Keccak256.hash("getAttestationUid(address,bytes32)")).substring(0, 8))
        .isEqualTo("ab2717dd");
  }

  @Test
  void handlesInputsAroundTheRateBoundary() {
    // Values from @noble/hashes keccak_256. 135, 136 and 137 bytes exercise the padding byte
    // landing in the last, a new, and a full block.
    assertThat(hex(Keccak256.hash("a".repeat(135))))
        .isEqualTo("34367dc248bbd832f4e3e69dfaac2f92638bd0bbd18f2912ba4ef454919cf446");
    assertThat(hex(Keccak256.hash("a".repeat(136))))
        .isEqualTo("a6c4d403279fe3e0af03729caada8374b5ca54d8065329a3ebcaeb4b60aa386e");
    assertThat(hex(Keccak256.hash("a".repeat(137))))
        .isEqualTo("d869f639c7046b4929fc92a4d988a8b22c55fbadb802c0c66ebcd484f1915f39");
  }
}
